import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// CI runs the unit tests beside the server suite on two shared cores: a screen that takes more than the default
// second to appear there is slow, not wrong. Five seconds keeps a missing element a failure.
configure({ asyncUtilTimeout: 5_000 });
