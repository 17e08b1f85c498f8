// Placeholder entry; the Electron shell is built in src/main/*.ts.
export {};
