// Start-up stage 1 (see src/main.tsx): the stored state's atoms and their generated codecs, then a new task.
import '../../lib/storage/atoms.ts';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
