// Start-up stage 3 (see src/main.tsx): the session's schemas (the member details and the calls start-up makes), then
// a new task.
import '../../shared/api/member.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
