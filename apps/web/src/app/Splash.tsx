import { Logo } from '#ui/Logo';
import classes from './Splash.module.css';

/** Shown while the translations load, before any text can be translated: the logo alone. */
export function Splash() {
  return (
    <div className={classes.splash} role="status" aria-live="polite" aria-busy="true">
      <div className={classes.logo}>
        <Logo size={72} title="Console ENT" />
      </div>
    </div>
  );
}
