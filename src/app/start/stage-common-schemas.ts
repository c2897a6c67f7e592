// Start-up stage 2 (see src/main.tsx): the contract's shared schemas (money codecs, ids, texts), then a new task.
import '../../shared/api/common.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
