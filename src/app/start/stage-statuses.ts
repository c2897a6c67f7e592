// Start-up stage 1 (see src/main.tsx): the schema library and the statuses' enums, then a new task.
import '../../shared/statuses.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
