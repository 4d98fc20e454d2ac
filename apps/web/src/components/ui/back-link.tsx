import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './back-link.css';

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <span aria-hidden="true">‹</span>
      {children}
    </Link>
  );
}
