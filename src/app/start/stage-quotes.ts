// Start-up stage 5 (see src/main.tsx): the home calculator's calls and their schemas, then a new task.
import '../../shared/api/quotes.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
