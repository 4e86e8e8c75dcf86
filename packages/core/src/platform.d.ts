// Core is compiled with "types": [] so that node's I/O and ambient state (fs, os, process, Buffer,
// child_process) cannot creep into the domain: those belong to adapters. These are the only platform
// APIs core may use, declared by hand so that nothing else is visible: pure computations on strings
// and bytes, the same in every JavaScript runtime.

/** node:path's string functions (no file system access). */
declare module 'node:path' {
  export const sep: string;
  export function relative(from: string, to: string): string;
  /** Core passes an absolute first argument (the project root), so process.cwd() is never consulted. */
  export function resolve(...paths: string[]): string;
  export function isAbsolute(path: string): boolean;
  export function extname(path: string): string;
  export function basename(path: string, suffix?: string): string;
}

/** WHATWG Encoding: in every runtime cn runs on. */
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: Uint8Array): string;
}
