import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { App } from './app/App';
import { installModalFocusTrap } from './lib/modalFocusTrap';
import { nextTask } from './lib/nextTask';

installModalFocusTrap();

// The first render in a task of its own, after the one that evaluated the modules and created the
// router: two shorter tasks instead of one long one (Lighthouse counts each task's excess over 50 ms).
void nextTask().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
