import { createStore } from 'jotai';

/**
 * The app's one jotai store. React reads it through `<Provider store={appStore}>`; code outside React (the API
 * client's auth getter, the activity log, start-up) reads and writes the same atoms through it.
 */
export const appStore = createStore();
export type AppStore = typeof appStore;
