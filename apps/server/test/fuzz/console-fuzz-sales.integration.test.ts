import { describeConsoleFuzz } from './console-fuzz-suite.ts';

// The console fuzz suite's sales shard (console-fuzz-suite.ts): a file of its own, so the shards run side by side.
describeConsoleFuzz('sales');
