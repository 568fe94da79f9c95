import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { applyMotion, motionWanted, skipArrivalsOnInput } from './motion-setting.js';
import './styles.css';

applyMotion(motionWanted());
skipArrivalsOnInput();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
