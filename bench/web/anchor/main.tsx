// The anchor of `npm run bench:web` (bench/web-startup.mjs): the bare page a Promotor first screen is
// compared with — React 19, React Router 7 and one login form, nothing else, built by Vite.
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router';
import './anchor.css';

function LoginPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate('/done');
  };
  return (
    <main className="login">
      <h1>Logowanie</h1>
      <form onSubmit={onSubmit}>
        <label>
          Adres email
          <input type="email" value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="username" />
        </label>
        <label>
          Hasło
          <input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
        </label>
        <button type="submit">Dalej</button>
      </form>
    </main>
  );
}

const router = createBrowserRouter([
  { path: '/', Component: LoginPage },
  { path: '/done', element: <p>Zalogowano</p> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
