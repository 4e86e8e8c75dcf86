import {
  CancellationTokenSource,
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  type MessageConnection,
  type NotificationType,
  type NotificationType0,
  type RequestType,
  type RequestType0,
} from 'vscode-jsonrpc/node.js';
import {
  ApplyWorkspaceEditRequest,
  ConfigurationRequest,
  LogMessageNotification,
  RegistrationRequest,
  ShowMessageRequest,
  UnregistrationRequest,
  WorkDoneProgressCreateRequest,
} from 'vscode-languageserver-protocol';
import { CnError, engineFailure } from '@cn/core';
import type { ServerChild } from './language-server-process.js';
import { StdinMessageWriter } from './stdin-message-writer.js';

/** The hint on every failure that a restart of the language server mends. */
export const RESTARTS_BY_ITSELF = 'it restarts by itself; retry in a moment (cn status shows the state)';

export interface ConnectionHooks {
  onLogMessage(message: string, type: number): void;
  onProgress(token: string | number, value: { kind?: string; title?: string; message?: string }): void;
  /** The stream ended; often before the process's exit event, so this is the first sign of death. */
  onClose(reason: string): void;
  /** The answer to one item of workspace/configuration (null when the engine takes no settings that way). */
  configuration?(section: string | undefined): unknown;
}

interface Pending {
  reject(error: CnError): void;
}

/**
 * The server answered the request with an error of its own (a JSON-RPC error response), not a timeout or a closed
 * connection: an engine failure to most callers, but a rename reads it as the compiler's refusal and its reason.
 */
export class ServerErrorResponse extends CnError {
  constructor(
    method: string,
    readonly serverMessage: string,
  ) {
    super('engine-failure', `language server failed on ${method}: ${serverMessage}`);
  }
}

const TIMEOUT_HINT = 'The project may be too large for the time limit; retry, or raise the request timeout.';

/**
 * JSON-RPC over the language server process's stdio. Every request has a deadline, every server→client
 * request gets an answer, and when the process goes away every pending request fails at once.
 */
export class LspConnection {
  private readonly connection: MessageConnection;
  private readonly pending = new Set<Pending>();
  private closedReason: string | undefined;

  constructor(child: ServerChild, hooks: ConnectionHooks) {
    this.connection = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StdinMessageWriter(child.stdin),
    );
    this.answerServerRequests(hooks);
    this.connection.onNotification(LogMessageNotification.type, (params) =>
      hooks.onLogMessage(params.message, params.type),
    );
    // jsonrpc routes $/progress by token; tokens the language server created itself arrive as "unhandled".
    this.connection.onUnhandledProgress((params) => hooks.onProgress(params.token, params.value as { kind?: string }));
    // Anything else (diagnostics, $/typescriptVersion, telemetry) is of no use to us.
    this.connection.onNotification(() => undefined);
    this.connection.onClose(() => {
      const reason = 'the language server connection closed';
      this.close(reason);
      hooks.onClose(reason);
    });
    this.connection.onError(() => undefined);
    child.stdin.on('error', () => undefined);
    this.connection.listen();
  }

  private answerServerRequests(hooks: ConnectionHooks): void {
    // Unanswered server requests stall the language server, so every one gets a reply, even if only null.
    this.connection.onRequest(ConfigurationRequest.type, (params) =>
      params.items.map((item) => hooks.configuration?.(item.section) ?? null),
    );
    this.connection.onRequest(RegistrationRequest.type, () => undefined);
    this.connection.onRequest(UnregistrationRequest.type, () => undefined);
    this.connection.onRequest(WorkDoneProgressCreateRequest.type, () => undefined);
    this.connection.onRequest(ShowMessageRequest.type, () => null);
    this.connection.onRequest(ApplyWorkspaceEditRequest.type, () => ({ applied: false }));
    this.connection.onRequest(() => null);
  }

  /** Requests sent and not yet answered, failed or timed out. */
  get pendingCount(): number {
    return this.pending.size;
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  private throwIfClosed(): void {
    if (this.closedReason !== undefined)
      throw engineFailure(`language server unavailable: ${this.closedReason}`, RESTARTS_BY_ITSELF);
  }

  /** A typed request (`ReferencesRequest.type` …): the method name, params and result come from the protocol. */
  request<R>(type: RequestType0<R, unknown>, params: undefined, timeoutMs: number): Promise<R>;
  request<P, R>(type: RequestType<P, R, unknown>, params: P, timeoutMs: number): Promise<R>;
  async request<R>(
    type: RequestType<unknown, R, unknown> | RequestType0<R, unknown>,
    params: unknown,
    timeoutMs: number,
  ): Promise<R> {
    const method = type.method;
    this.throwIfClosed();
    const cancellation = new CancellationTokenSource();
    let timer: NodeJS.Timeout | undefined;
    let entry: Pending | undefined;
    const failure = new Promise<never>((_, reject) => {
      entry = { reject };
      this.pending.add(entry);
      timer = setTimeout(() => {
        // Cancelling sends $/cancelRequest so tsserver stops working on an answer nobody awaits.
        cancellation.cancel();
        reject(engineFailure(`language server did not answer ${method} within ${timeoutMs} ms`, TIMEOUT_HINT));
      }, timeoutMs);
    });
    try {
      const sent =
        params === undefined
          ? this.connection.sendRequest(type as RequestType0<R, unknown>, cancellation.token)
          : this.connection.sendRequest(type as RequestType<unknown, R, unknown>, params, cancellation.token);
      return await Promise.race([sent, failure]);
    } catch (error) {
      if (error instanceof CnError) throw error;
      // The connection may have closed while the request waited: that, not the request, is the failure.
      this.throwIfClosed();
      const message = error instanceof Error ? error.message : String(error);
      // typescript-language-server wraps tsserver's words in its own.
      if (error instanceof ResponseError)
        throw new ServerErrorResponse(method, firstLine(message).replace(/^Request \S+ failed with message: /, ''));
      throw engineFailure(`language server failed on ${method}: ${firstLine(message)}`);
    } finally {
      clearTimeout(timer);
      this.pending.delete(entry!);
      cancellation.dispose();
    }
  }

  notify(type: NotificationType0, params: undefined): void;
  notify<P>(type: NotificationType<P>, params: P): void;
  notify(type: NotificationType<unknown> | NotificationType0, params: unknown): void {
    if (this.closedReason !== undefined) return;
    const sent =
      params === undefined
        ? this.connection.sendNotification(type as NotificationType0)
        : this.connection.sendNotification(type as NotificationType<unknown>, params);
    void sent.catch(() => undefined);
  }

  /** Fails every pending request now; later requests fail immediately. */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    const error = engineFailure(`language server unavailable: ${reason}`, RESTARTS_BY_ITSELF);
    for (const entry of this.pending) entry.reject(error);
    this.pending.clear();
    this.connection.dispose();
  }
}

// tsserver errors start with a "<main> TypeScript Server Error (x.y.z)" banner; the reason is on the next line.
function firstLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) return text;
  return /TypeScript Server Error/.test(lines[0]) && lines[1] ? `${lines[0].trim()}: ${lines[1].trim()}` : lines[0];
}
