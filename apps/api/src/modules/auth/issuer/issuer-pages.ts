import { createHash } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from '../../../lib/escape-html';

/**
 * The few pages the built-in issuer renders itself, in plain accessible HTML. The site-wide CSP
 * stays as it is: the one inline script (auto-submitting the sign-out form) is allowed by its
 * hash on that response only, as oidc-provider does for its own form_post page.
 */

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#0b0c0c;background:#fff;line-height:1.5}
main{max-width:32rem;margin:0 auto}h1{font-size:1.75rem}a{color:#1d70b8}a:focus,button:focus{outline:3px solid #fd0;outline-offset:0}
button{font:inherit;font-weight:700;padding:.5rem 1rem;border:0;border-radius:4px;background:#00703c;color:#fff;cursor:pointer}`;

const AUTO_SUBMIT =
  "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});";

function page(title: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} - Locals</title>
<style>${STYLE}</style>
${script ? `<script>${script}</script>` : ''}
</head>
<body>
<main id="main-content">
${body}
</main>
</body>
</html>`;
}

function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  ctx.set(
    'content-security-policy',
    csp.replace(/script-src ([^;]*)/, (_match, sources: string) => `script-src ${sources} ${hash}`),
  );
}

/** RP-initiated logout: the person already chose "Log out" on the site, so the form submits itself. */
export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  allowInlineScript(ctx, AUTO_SUBMIT);
  const confirmingForm = form.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/><button type="submit">Continue signing out</button></form>',
  );
  ctx.type = 'html';
  ctx.body = page(
    'Signing you out',
    `<h1>Signing you out</h1>
<p>You are being signed out of Locals. If nothing happens, choose the button.</p>
${confirmingForm}`,
    AUTO_SUBMIT,
  );
}

export function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  ctx.type = 'html';
  ctx.body = page(
    'You have signed out',
    `<h1>You have signed out</h1>
<p><a href="/">Return to Locals</a></p>`,
  );
}

/** Errors people may meet in the browser, such as an expired or reused sign-in link. */
export function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string | undefined },
): void {
  const description =
    out.error === 'server_error' || !out.error_description
      ? 'Something went wrong while signing you in.'
      : out.error_description;
  ctx.type = 'html';
  ctx.body = page(
    'There is a problem signing you in',
    `<h1>There is a problem signing you in</h1>
<p>${escapeHtml(description)}</p>
<p><a href="/">Return to Locals</a> and choose Sign in to try again.</p>`,
  );
}
