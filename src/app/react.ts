// React and ReactDOM, imported by main.tsx on their own so that they evaluate in a task before the
// rest of the framework (the exports keep the bundler from dropping the imports).
export { StrictMode } from 'react';
export { createRoot } from 'react-dom/client';
