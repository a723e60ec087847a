// The framework's packages, imported by main.tsx on their own so that they evaluate in a task before
// the app's code (the exports keep the bundler from dropping the imports).
export { QueryClient } from '@tanstack/react-query';
export { RouterProvider } from '@tanstack/react-router';
