/** Frosted's transactional e-mails: a branded HTML part and a plain-text part with the same content. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
  link: string;
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A row of the details table (Order, Vendor, Date, Total…). */
export interface EmailDetail {
  label: string;
  value: string;
}

/** The footer of an e-mail the user may switch off: why they got it, and the one-click way out. */
export interface EmailFooter {
  /** "You get this e-mail because order updates are on." */
  reason: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

export interface EmailParts {
  heading: string;
  paragraphs: string[];
  details?: EmailDetail[] | undefined;
  button: string;
  link: string;
  footnote: string;
  footer?: EmailFooter | undefined;
}

function layout({ heading, paragraphs, details, button, link, footnote, footer }: EmailParts) {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#472c22">${escape(p)}</p>`)
    .join('');
  const table = details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 8px;background:#fff8f1;border-radius:14px;padding:12px 16px">${details
        .map(
          (d) =>
            `<tr><td style="padding:6px 12px 6px 0;font-size:14px;color:#7a5444;white-space:nowrap;vertical-align:top">${escape(d.label)}</td><td style="padding:6px 0;font-size:14px;color:#2a1a14;font-weight:bold">${escape(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const foot = footer
    ? `<p style="font-size:12px;color:#9b7565;margin:8px 0 0;max-width:520px">${escape(footer.reason)} <a href="${escape(footer.unsubscribeUrl)}" style="color:#9b7565">Unsubscribe</a> · <a href="${escape(footer.settingsUrl)}" style="color:#9b7565">E-mail settings</a></p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#fff8f1;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fff8f1;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:20px;padding:36px">
<tr><td style="font-family:Georgia,serif;font-size:26px;font-weight:bold;color:#d4537a;padding-bottom:24px">Frosted</td></tr>
<tr><td><h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:24px;color:#2a1a14">${escape(heading)}</h1>${body}${table}
<p style="margin:28px 0"><a href="${escape(link)}" style="display:inline-block;background:#d4537a;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 28px;border-radius:999px">${escape(button)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#7a5444">If the button does not work, copy this link into your browser:</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${escape(link)}" style="color:#b93c63">${escape(link)}</a></p>
<p style="margin:0;font-size:13px;color:#9b7565">${escape(footnote)}</p></td></tr></table>
<p style="font-size:12px;color:#9b7565;margin-top:20px">Frosted Marketplace Inc. · Vancouver, British Columbia</p>${foot}
</td></tr></table></body></html>`;
}

/** An e-mail from its parts: the HTML and a plain-text part with the same content. */
export function composeEmail(subject: string, parts: EmailParts): EmailContent {
  const { heading, paragraphs, details, button, link, footnote, footer } = parts;
  return {
    subject,
    link,
    html: layout(parts),
    text: [
      heading,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      ...(details?.length ? [...details.map((d) => `${d.label}: ${d.value}`), ''] : []),
      `${button}: ${link}`,
      '',
      footnote,
      '',
      'Frosted Marketplace Inc., Vancouver, BC',
      ...(footer
        ? [
            '',
            footer.reason,
            `Unsubscribe: ${footer.unsubscribeUrl}`,
            `E-mail settings: ${footer.settingsUrl}`,
          ]
        : []),
    ].join('\n'),
  };
}

function compose(
  subject: string,
  heading: string,
  paragraphs: string[],
  button: string,
  link: string,
  footnote: string,
  footer?: EmailFooter,
): EmailContent {
  return composeEmail(subject, { heading, paragraphs, button, link, footnote, footer });
}

export const verifyEmail = ({ name, url }: { name: string; url: string }) =>
  compose(
    'Confirm your e-mail for Frosted',
    `Welcome to Frosted, ${name}!`,
    [
      'Please confirm your e-mail address to finish creating your account. Then you can sign in, save designs and order cakes.',
    ],
    'Confirm my e-mail',
    url,
    'If you did not create a Frosted account, you can ignore this e-mail.',
  );

export const resetPassword = ({ name, url }: { name: string; url: string }) =>
  compose(
    'Reset your Frosted password',
    `Hi ${name},`,
    [
      'We received a request to reset your Frosted password. The link below works once and expires in one hour.',
    ],
    'Choose a new password',
    url,
    'If you did not ask for this, ignore this e-mail: your password stays the same.',
  );

export const vendorApproved = ({ businessName, url }: { businessName: string; url: string }) =>
  compose(
    'Welcome to Frosted: your vendor application is approved',
    `${businessName} is now a verified Frosted vendor!`,
    [
      'Our team has approved your application. Your business now carries the Verified badge and appears when customers browse and search for vendors.',
      'Sign in to complete your profile and portfolio, so customers can see your work.',
    ],
    'Open my vendor dashboard',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
  );

export const vendorRejected = ({
  businessName,
  reason,
  url,
}: {
  businessName: string;
  reason: string;
  url: string;
}) =>
  compose(
    'About your Frosted vendor application',
    `Thank you for applying, ${businessName}`,
    [
      'After reviewing your application, we are not able to approve it at this time, for this reason:',
      reason,
      'If you can address this, contact us and we will gladly look again.',
    ],
    'Contact support',
    url,
    'Frosted vendor team',
  );

export const existingAccount = ({ name, url }: { name: string; url: string }) =>
  compose(
    'You already have a Frosted account',
    `Hi ${name},`,
    [
      'Someone, probably you, just tried to create a Frosted account with this e-mail address. You already have one, so nothing was changed.',
      'Sign in with your password, or reset it if you have forgotten it.',
    ],
    'Reset my password',
    url,
    'If this was not you, you can ignore this e-mail: your account is safe.',
  );

export const claimOpened = ({
  orderNumber,
  url,
  footer,
}: {
  orderNumber: string;
  url: string;
  footer?: EmailFooter | undefined;
}) =>
  compose(
    `A satisfaction claim on order ${orderNumber}`,
    `Your customer reported a problem with order ${orderNumber}`,
    [
      'The customer opened a satisfaction claim after delivery. The payment stays held until Frosted resolves it.',
      'Please read the claim and answer it from your dashboard: your side helps us decide fairly.',
    ],
    'Answer the claim',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
    footer,
  );

export const claimResolved = ({
  orderNumber,
  outcome,
  note,
  url,
  footer,
}: {
  orderNumber: string;
  outcome: string;
  note: string;
  url: string;
  footer?: EmailFooter | undefined;
}) =>
  compose(
    `The claim on order ${orderNumber} is resolved`,
    `Frosted resolved the satisfaction claim on order ${orderNumber}`,
    [outcome, ...(note ? [`Our note: ${note}`] : [])],
    'See the order',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
    footer,
  );

export const paymentReceipt = ({
  name,
  orderNumber,
  vendorName,
  amount,
  url,
  receiptUrl,
}: {
  name: string;
  orderNumber: string;
  vendorName: string;
  amount: string;
  url: string;
  /** The receipt's page (decision 029): the vendor's GST number, the payment method, the terms. */
  receiptUrl?: string | undefined;
}) =>
  compose(
    `Your Frosted receipt for order ${orderNumber}`,
    `Thank you, ${name}: your payment is protected`,
    [
      `We received ${amount} for order ${orderNumber} with ${vendorName}.`,
      `Frosted holds it and releases it to ${vendorName} when you confirm you are satisfied, or 24 hours after delivery if you raise nothing. Cancellations are refunded by our Terms.`,
      ...(receiptUrl ? [`Your receipt, to print or keep: ${receiptUrl}`] : []),
    ],
    'Track my order',
    url,
    'Keep this e-mail as your receipt. Questions? Reply to this e-mail or visit our support page.',
  );

export const quoteRequested = ({
  businessName,
  customerFirstName,
  summary,
  url,
  footer,
}: {
  businessName: string;
  customerFirstName: string;
  /** "Birthday cake for December 19, 2026, serves 14, delivery" */
  summary: string;
  url: string;
  footer?: EmailFooter | undefined;
}) =>
  compose(
    `New quote request: ${summary}`,
    `${customerFirstName} would like a quote from ${businessName}`,
    [
      `${customerFirstName} asked for a quote: ${summary}.`,
      'Read the brief and answer with your price, or decline with a reason, from the Quotes tab of your dashboard. A request unanswered for 72 hours closes.',
    ],
    'Answer the request',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
    footer,
  );

export const quoteAccepted = ({
  businessName,
  orderNumber,
  summary,
  url,
  footer,
}: {
  businessName: string;
  orderNumber: string;
  summary: string;
  url: string;
  footer?: EmailFooter | undefined;
}) =>
  compose(
    `Your quote was accepted: order ${orderNumber}`,
    `Good news, ${businessName}: your quote was accepted`,
    [
      `The customer accepted your quote for ${summary}. It is now order ${orderNumber}, waiting for the customer’s payment.`,
      'Once it is paid, confirm the order from the Orders tab of your dashboard. Frosted holds the payment and releases it to you when the customer is satisfied.',
    ],
    'Open my orders',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
    footer,
  );

export const quoteClosed = ({
  businessName,
  summary,
  url,
  footer,
}: {
  businessName: string;
  summary: string;
  url: string;
  footer?: EmailFooter | undefined;
}) =>
  compose(
    `Quote closed: the customer chose another baker`,
    `Thank you for your quote, ${businessName}`,
    [
      `The customer chose another baker for ${summary}, so this request is closed and your quote with it.`,
      'Nothing is needed from you. New requests appear in the Quotes tab of your dashboard.',
    ],
    'Open my quotes',
    url,
    'Questions? Reply to this e-mail or visit our support page.',
    footer,
  );
