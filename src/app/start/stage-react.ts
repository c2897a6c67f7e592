// Start-up stage 2 (see src/main.tsx): React's DOM renderer, then a new task.
import 'react-dom/client';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
