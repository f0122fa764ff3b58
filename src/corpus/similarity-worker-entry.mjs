// Entry of a similarity worker thread. On Node 20 a worker thread does not inherit the
// TypeScript loader (`--import tsx` in its execArgv is not applied either), so the
// thread registers tsx itself before loading the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
// Below the API thread's priority: the event loop runs first whenever it wakes.
const { lowerThreadPriority } = await import('../infra/background-priority.ts');
lowerThreadPriority();
const worker = await import('./similarity-worker.ts');
export default worker.default;
