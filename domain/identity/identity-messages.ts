import { escapeHtml } from '../notifications/templates';
import { LANGUAGES } from './user';

/**
 * The identity service's messages (issue 17 item 14), pure: the invitation, the verification
 * and password reset codes and the sign-in code, in the recipient's language, naming the
 * organisation (and who invited them) and linking to the page they are about. The user pool's
 * custom message trigger (lambdas/identity-triggers/custom-message.ts) renders them on AWS, and
 * the local identity service calls the same trigger.
 *
 * Cognito's own placeholders stay in the text for Cognito to fill: `{username}` (the
 * invitation must carry it) and `{####}` (the code or temporary password; every message must
 * carry it, else Cognito sends its default message instead).
 */

export type IdentityMessageLanguage = (typeof LANGUAGES)[number];

/** What the message is for; from the trigger's source. */
export type IdentityMessageKind = 'invitation' | 'verification' | 'passwordReset' | 'authentication';

export const COGNITO_USERNAME = '{username}';
export const COGNITO_CODE = '{####}';

export interface IdentityMessageValues {
  /** The organisation's name. */
  organisation: string;
  /** The recipient's first name; '' greets without a name. */
  recipient: string;
  /** Who invited them ('' when unknown: a resent invitation without one). */
  inviter: string;
  /** The portal's page the message is about (absolute). */
  link: string;
}

export interface IdentityMessage {
  subject: string;
  /** The email's body (HTML, as Cognito sends a custom message). */
  html: string;
  /** The same in plain text. */
  text: string;
  /** A text message's words (short: one SMS part where the values allow). */
  sms: string;
}

/** Where each message sends its reader in the portal (SPEC section 1: the reset code form is on the sign-in page). */
export const IDENTITY_MESSAGE_PATHS: Readonly<Record<IdentityMessageKind, string>> = {
  invitation: '/login',
  passwordReset: '/login',
  verification: '/app/settings/profile',
  authentication: '/login',
};

type Values = IdentityMessageValues & { username: string; code: string };
type Wording = Record<IdentityMessageKind, {
  subject(values: Values): string;
  /** Paragraphs. */
  body(values: Values): string[];
  sms(values: Values): string;
}> & { greeting(recipient: string): string };

// `\u00a0` before the French colon: the space that never starts a line.
const WORDING: Record<IdentityMessageLanguage, Wording> = {
  en: {
    greeting: (recipient) => (recipient === '' ? 'Hello,' : `Hello ${recipient},`),
    invitation: {
      subject: (v) => (v.inviter === '' ? `Your invitation to ${v.organisation} on the Cold-chain portal` : `${v.inviter} invited you to ${v.organisation} on the Cold-chain portal`),
      body: (v) => [
        v.inviter === '' ? `You are invited to join ${v.organisation} on the Cold-chain portal.` : `${v.inviter} invited you to join ${v.organisation} on the Cold-chain portal.`,
        `Sign in at ${v.link} with your email address ${v.username} and this temporary password: ${v.code}`,
        'You will choose your own password when you first sign in. The temporary password expires in 7 days.',
      ],
      sms: (v) => `${v.organisation}: your Cold-chain portal user name is ${v.username} and temporary password ${v.code}. ${v.link}`,
    },
    verification: {
      subject: (v) => `Your verification code for ${v.organisation}`,
      body: (v) => [
        `Your Cold-chain portal verification code for ${v.organisation} is ${v.code}.`,
        `Enter it on your profile page: ${v.link}`,
        'If you did not ask for it, you can ignore this email.',
      ],
      sms: (v) => `${v.organisation}: your Cold-chain portal verification code is ${v.code}.`,
    },
    passwordReset: {
      subject: (v) => `Reset your password for ${v.organisation}`,
      body: (v) => [
        `Your code to reset your Cold-chain portal password for ${v.organisation} is ${v.code}.`,
        `Enter it with your new password on the sign-in page: ${v.link}`,
        'If you did not ask for it, tell your administrator.',
      ],
      sms: (v) => `${v.organisation}: your Cold-chain portal password reset code is ${v.code}.`,
    },
    authentication: {
      subject: (v) => `Your sign-in code for ${v.organisation}`,
      body: (v) => [`Your Cold-chain portal sign-in code for ${v.organisation} is ${v.code}.`, `Sign in: ${v.link}`],
      sms: (v) => `${v.organisation}: your Cold-chain portal sign-in code is ${v.code}.`,
    },
  },
  fr: {
    greeting: (recipient) => (recipient === '' ? 'Bonjour,' : `Bonjour ${recipient},`),
    invitation: {
      subject: (v) => (v.inviter === '' ? `Votre invitation à rejoindre ${v.organisation} sur le Portail chaîne du froid` : `${v.inviter} vous invite à rejoindre ${v.organisation} sur le Portail chaîne du froid`),
      body: (v) => [
        v.inviter === '' ? `Vous êtes invité à rejoindre ${v.organisation} sur le Portail chaîne du froid.` : `${v.inviter} vous invite à rejoindre ${v.organisation} sur le Portail chaîne du froid.`,
        `Connectez-vous sur ${v.link} avec votre adresse e-mail ${v.username} et ce mot de passe temporaire\u00a0: ${v.code}`,
        'Vous choisirez votre propre mot de passe à la première connexion. Le mot de passe temporaire expire dans 7 jours.',
      ],
      sms: (v) => `${v.organisation}\u00a0: votre identifiant du Portail chaîne du froid est ${v.username} et votre mot de passe temporaire ${v.code}. ${v.link}`,
    },
    verification: {
      subject: (v) => `Votre code de vérification pour ${v.organisation}`,
      body: (v) => [
        `Votre code de vérification du Portail chaîne du froid pour ${v.organisation} est ${v.code}.`,
        `Saisissez-le sur la page de votre profil\u00a0: ${v.link}`,
        "Si vous ne l'avez pas demandé, ignorez ce message.",
      ],
      sms: (v) => `${v.organisation}\u00a0: votre code de vérification du Portail chaîne du froid est ${v.code}.`,
    },
    passwordReset: {
      subject: (v) => `Réinitialisez votre mot de passe pour ${v.organisation}`,
      body: (v) => [
        `Votre code de réinitialisation du mot de passe du Portail chaîne du froid pour ${v.organisation} est ${v.code}.`,
        `Saisissez-le avec votre nouveau mot de passe sur la page de connexion\u00a0: ${v.link}`,
        "Si vous ne l'avez pas demandé, prévenez votre administrateur.",
      ],
      sms: (v) => `${v.organisation}\u00a0: votre code de réinitialisation du Portail chaîne du froid est ${v.code}.`,
    },
    authentication: {
      subject: (v) => `Votre code de connexion pour ${v.organisation}`,
      body: (v) => [`Votre code de connexion au Portail chaîne du froid pour ${v.organisation} est ${v.code}.`, `Connexion\u00a0: ${v.link}`],
      sms: (v) => `${v.organisation}\u00a0: votre code de connexion au Portail chaîne du froid est ${v.code}.`,
    },
  },
  es: {
    greeting: (recipient) => (recipient === '' ? 'Hola:' : `Hola, ${recipient}:`),
    invitation: {
      subject: (v) => (v.inviter === '' ? `Su invitación a ${v.organisation} en el Portal de cadena de frío` : `${v.inviter} le ha invitado a ${v.organisation} en el Portal de cadena de frío`),
      body: (v) => [
        v.inviter === '' ? `Le invitamos a unirse a ${v.organisation} en el Portal de cadena de frío.` : `${v.inviter} le ha invitado a unirse a ${v.organisation} en el Portal de cadena de frío.`,
        `Inicie sesión en ${v.link} con su correo electrónico ${v.username} y esta contraseña temporal: ${v.code}`,
        'Elegirá su propia contraseña al iniciar sesión por primera vez. La contraseña temporal caduca en 7 días.',
      ],
      sms: (v) => `${v.organisation}: su usuario del Portal de cadena de frío es ${v.username} y su contraseña temporal ${v.code}. ${v.link}`,
    },
    verification: {
      subject: (v) => `Su código de verificación para ${v.organisation}`,
      body: (v) => [
        `Su código de verificación del Portal de cadena de frío para ${v.organisation} es ${v.code}.`,
        `Introdúzcalo en la página de su perfil: ${v.link}`,
        'Si no lo ha solicitado, ignore este mensaje.',
      ],
      sms: (v) => `${v.organisation}: su código de verificación del Portal de cadena de frío es ${v.code}.`,
    },
    passwordReset: {
      subject: (v) => `Restablezca su contraseña para ${v.organisation}`,
      body: (v) => [
        `Su código para restablecer la contraseña del Portal de cadena de frío para ${v.organisation} es ${v.code}.`,
        `Introdúzcalo con su nueva contraseña en la página de inicio de sesión: ${v.link}`,
        'Si no lo ha solicitado, avise a su administrador.',
      ],
      sms: (v) => `${v.organisation}: su código para restablecer la contraseña del Portal de cadena de frío es ${v.code}.`,
    },
    authentication: {
      subject: (v) => `Su código de inicio de sesión para ${v.organisation}`,
      body: (v) => [`Su código de inicio de sesión del Portal de cadena de frío para ${v.organisation} es ${v.code}.`, `Iniciar sesión: ${v.link}`],
      sms: (v) => `${v.organisation}: su código de inicio de sesión del Portal de cadena de frío es ${v.code}.`,
    },
  },
};

/** Line breaks and other control characters in a value become spaces: a name never adds a line to a subject. */
const CONTROL = /\p{Cc}+/gu;
const clean = (value: string): string => value.replace(CONTROL, ' ').trim();

/** A value in HTML: escaped; the portal's link an anchor (its text the address, so a plain-text reader sees it too). */
function htmlValues(values: IdentityMessageValues): Values {
  const link = escapeHtml(values.link);
  return {
    organisation: escapeHtml(values.organisation),
    recipient: escapeHtml(values.recipient),
    inviter: escapeHtml(values.inviter),
    link: /^https?:\/\//.test(values.link) ? `<a href="${link}">${link}</a>` : link,
    username: COGNITO_USERNAME,
    code: COGNITO_CODE,
  };
}

export function isIdentityMessageLanguage(value: unknown): value is IdentityMessageLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The message of `kind` in `language`, with Cognito's `{username}` and `{####}` left for Cognito. */
export function renderIdentityMessage(kind: IdentityMessageKind, language: IdentityMessageLanguage, values: IdentityMessageValues): IdentityMessage {
  const wording = WORDING[language];
  const plain: Values = {
    organisation: clean(values.organisation),
    recipient: clean(values.recipient),
    inviter: clean(values.inviter),
    link: clean(values.link),
    username: COGNITO_USERNAME,
    code: COGNITO_CODE,
  };
  const html = htmlValues({ ...plain });
  const message = wording[kind];
  const text = [wording.greeting(plain.recipient), ...message.body(plain)].join('\n\n');
  return {
    subject: message.subject(plain),
    text,
    html: [wording.greeting(html.recipient), ...message.body(html)].map((paragraph) => `<p>${paragraph}</p>`).join('\n'),
    sms: message.sms(plain),
  };
}
