// Start-up stage 6 (see src/main.tsx): React's DOM renderer, then a new task.
import 'react-dom/client';
import { yieldToMain } from '../../lib/scheduling/yield-to-main.ts';

await yieldToMain();
