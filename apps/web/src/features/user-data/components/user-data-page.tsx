import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import * as pl from '../../../i18n/pl.ts';
import { phoneNumberForReading } from '../../../lib/phone-number.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { ChangePasswordModal } from './change-password-modal.tsx';
import './user-data.css';

const t = pl.userData;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="user-data__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** spec §2 User data (/user-data), 'Twoje dane'. */
export function UserDataPage() {
  const profile = useAppStore((state) => state.user.profile);
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <section className="user-data">
      <BackLink to="/akcje">{t.backToActions}</BackLink>
      <h1>{t.title}</h1>
      {profile ? (
        <dl className="user-data__list">
          <Row term={t.ident}>{profile.ident}</Row>
          <Row term={t.login}>{profile.username}</Row>
          <Row term={t.firstName}>{profile.firstname}</Row>
          <Row term={t.lastName}>{profile.lastname}</Row>
          <Row term={t.territories}>{profile.territories.map((territory) => territory.ident).join(', ') || t.none}</Row>
          <Row term={t.email}>{profile.emailAddress || t.none}</Row>
          <Row term={t.phone}>{profile.mobilePhone ? phoneNumberForReading(profile.mobilePhone) : t.none}</Row>
          <Row term={t.password}>
            <span className="user-data__password">
              <span>{t.maskedPassword}</span>
              <Button variant="secondary" aria-label={t.changePassword} onClick={() => setChangingPassword(true)}>
                {t.change}
              </Button>
            </span>
          </Row>
        </dl>
      ) : (
        <p className="note">
          {t.noUser} <Link to="/">{t.goToLogin}</Link>
        </p>
      )}
      <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
    </section>
  );
}
