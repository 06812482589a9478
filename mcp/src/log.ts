// SPDX-License-Identifier: MIT
// Logging: one line per event on stderr (stdout belongs to the protocol).
// Every line passes through redaction, so the API key never leaves in a log.

import type { LogLevel } from './config.js';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Replaces every occurrence of each secret, and anything shaped like a Purse key. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets)
    if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out.replace(/purse_[A-Za-z0-9]{6,}_[A-Za-z0-9]+/g, '[redacted]')
    .replace(/(Bearer\s+)\S+/gi, '$1[redacted]');
}

export function createLogger(level: LogLevel, secrets: readonly string[],
                             write: (line: string) => void = (l) => process.stderr.write(l)): Logger {
  const min = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, 'silent'>, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
    write(redact(line, secrets) + '\n');
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
  };
}
