// Entry of a similarity worker thread. On Node 20 a worker thread does not inherit the
// TypeScript loader (`--import tsx` in its execArgv is not applied either), so beside the
// sources the thread registers tsx itself before loading the TypeScript worker. In
// compiled/ (where the build copies this file) the worker beside it is JavaScript already.
import { existsSync } from 'node:fs';

const compiled = existsSync(new URL('./similarity-worker.js', import.meta.url));
if (!compiled) (await import('tsx/esm/api')).register();
const extension = compiled ? 'js' : 'ts';
// Below the API thread's priority: the event loop runs first whenever it wakes.
const { lowerThreadPriority } = await import(`../infra/background-priority.${extension}`);
lowerThreadPriority();
const worker = await import(`./similarity-worker.${extension}`);
export default worker.default;
