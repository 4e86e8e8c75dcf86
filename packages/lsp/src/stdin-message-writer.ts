import type { Writable } from 'node:stream';
import { AbstractMessageWriter, type Message, type MessageWriter } from 'vscode-jsonrpc/node.js';

/**
 * JSON-RPC messages to the language server's stdin, as vscode-jsonrpc's StreamMessageWriter writes them, but a write
 * that fails never rejects. jsonrpc's sendRequest rethrows a failed write inside an async Promise executor, where no
 * caller can catch it: a request written after the process died (its stdin destroyed before the connection heard the
 * close) ended the daemon with an unhandled ERR_STREAM_DESTROYED. The failure is reported to the connection instead
 * (onError), and whoever waits for an answer is failed by the connection's close or the request's deadline.
 */
export class StdinMessageWriter extends AbstractMessageWriter implements MessageWriter {
  constructor(private readonly stdin: Writable) {
    super();
    stdin.on('error', (error) => this.fireError(error));
    stdin.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    if (this.stdin.destroyed || this.stdin.writableEnded) return Promise.resolve();
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const header = Buffer.from(`Content-Length: ${body.byteLength}\r\n\r\n`, 'ascii');
    return new Promise((resolve) => {
      this.stdin.write(Buffer.concat([header, body]), (error) => {
        if (error) this.fireError(error, message);
        resolve();
      });
    });
  }

  end(): void {
    this.stdin.end();
  }
}
