import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/t-admin.ts';

/*
 * The console's alerts for an operator looking elsewhere: a chime and a desktop notification,
 * each if wanted, and the choices for them.
 */

/** Which alerts this operator wants, kept in this browser (like the browser's own permission). */
interface Alerts {
  sound: boolean;
  desktop: boolean;
}
const ALERTS_KEY = 'vt_chat_alerts';
function loadAlerts(): Alerts {
  try {
    const saved = JSON.parse(localStorage.getItem(ALERTS_KEY) ?? 'null') as Partial<Alerts> | null;
    return { sound: saved?.sound !== false, desktop: saved?.desktop === true };
  } catch {
    return { sound: true, desktop: false };
  }
}

let audio: AudioContext | null = null;
/** A short two-tone chime, made in the page (no sound file to load). Browsers allow it once the page has been used. */
function chime() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.22);
    }
  } catch {
    // No audio here: the title, the badge and the live region still tell.
  }
}

/** The operator's alert choices (kept in this browser) and `ring`, which alerts as they chose. */
export function useAlerts() {
  const [alerts, setAlerts] = useState<Alerts>({ sound: true, desktop: false });
  const alertsRef = useRef(alerts);
  alertsRef.current = alerts;
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>('default');
  useEffect(() => {
    setAlerts(loadAlerts());
    setPermission(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  }, []);
  const saveAlerts = (next: Alerts) => {
    setAlerts(next);
    try {
      localStorage.setItem(ALERTS_KEY, JSON.stringify(next));
    } catch {
      // Not kept: it holds for this page.
    }
  };
  async function toggleDesktop(on: boolean) {
    if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') setPermission(await Notification.requestPermission());
    saveAlerts({ ...alertsRef.current, desktop: on });
  }
  /**
   * Something needs the operator while they may be looking elsewhere (a new visitor waits, or a
   * message arrives in a conversation that is not the selected one on a visible page): a chime
   * and a desktop notification, each if wanted. Clicking the notification brings the console back.
   */
  // Reads the choices through a ref: one function for the console's life.
  const ring = useCallback((title: string, body: string, tag: string) => {
    const a = alertsRef.current;
    if (a.sound) chime();
    if (a.desktop && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const n = new Notification(title, { body: body.slice(0, 200), tag });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the chime and the title still tell.
      }
    }
  }, []);
  return { alerts, permission, saveAlerts, toggleDesktop, ring };
}

export function AlertChoices({ alerts, permission, saveAlerts, toggleDesktop }: Omit<ReturnType<typeof useAlerts>, 'ring'>) {
  return (
    <fieldset className="chat-console__alerts">
      <legend>{t('admin.chat.alerts')}</legend>
      <label>
        <input type="checkbox" checked={alerts.sound} onChange={(e) => saveAlerts({ ...alerts, sound: e.currentTarget.checked })} /> {t('admin.chat.alertSound')}
      </label>
      <label>
        <input type="checkbox" checked={alerts.desktop && permission !== 'denied'} disabled={permission === 'unsupported' || permission === 'denied'} onChange={(e) => void toggleDesktop(e.currentTarget.checked)} />{' '}
        {t('admin.chat.alertDesktop')}
      </label>
      {permission === 'denied' ? <span className="chat-console__hint">{t('admin.chat.alertDenied')}</span> : null}
    </fieldset>
  );
}
