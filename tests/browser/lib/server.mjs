// Starts `kibitz serve` on a free loopback port with its own replay folder,
// for one browser test, and stops it with Ctrl-C (SIGINT) as a person would.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START_TIMEOUT_MS = 20000;

export async function startServer(kibitz, extraArgs = []) {
  const replays = mkdtempSync(join(tmpdir(), 'kibitz-browser-'));
  const child = spawn(kibitz, ['serve', '--listen', '127.0.0.1:0', '--replays', replays, ...extraArgs],
                      { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', chunk => { output += chunk; });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kibitz serve did not start in ${START_TIMEOUT_MS} ms:\n${output}`)),
                             START_TIMEOUT_MS);
    child.stdout.on('data', chunk => {
      output += chunk;
      const match = /listening on (http:\/\/[0-9.]+:[0-9]+)\//.exec(output);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
    child.on('exit', code => { clearTimeout(timer); reject(new Error(`kibitz serve exited (${code}):\n${output}`)); });
  });
  child.removeAllListeners('exit');
  const exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    base,
    replays,
    output: () => output,
    // Ctrl-C; resolves to the exit code (0 expected: docs/serve.md).
    async stop() {
      child.kill('SIGINT');
      const { code, signal } = await exited;
      return signal ? `signal ${signal}` : code;
    },
  };
}

export async function postJson(url, body) {
  const reply = await fetch(url, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await reply.json();
  if (!reply.ok) throw new Error(`POST ${url}: ${reply.status} ${JSON.stringify(answer)}`);
  return answer;
}
