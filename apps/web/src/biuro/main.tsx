import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BiuroApp } from './app/biuro-app.tsx';
import { registerErrorMessages } from '../i18n/pl.ts';
import { fieldErrors } from '../i18n/pl/field-errors.ts';
import '../styles/base.css';
import './biuro.css';

// The back office's entry (biuro.html, issue 24): its own page of the build, which the promoter app
// never loads and its service worker never caches (decision 089). A desk is online: no service worker.
registerErrorMessages(fieldErrors);

const root = document.getElementById('biuro');
if (!root) throw new Error('biuro.html has no #biuro');
createRoot(root).render(
  <StrictMode>
    <BiuroApp />
  </StrictMode>,
);
