import crypto from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { freePort } from '../server.js';

/** A throwaway key pair and certificate, made fresh for each test run. */
export async function makeKeyPair(name = 'Test IdP') {
  const pems = await generate([{ name: 'commonName', value: name }], { keySize: 2048, algorithm: 'sha256' });
  return { key: pems.private, cert: pems.cert };
}

export interface IssueOptions {
  inResponseTo: string;
  acsUrl: string;
  audience: string;
  nameId: string;
  email?: string;
  /** 'idp' signs the assertion with the IdP's key; 'none' leaves it unsigned; a key pair signs with that key. */
  signWith?: 'idp' | 'none' | { key: string; cert: string };
  assertionId?: string;
  notOnOrAfter?: Date;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A small SAML 2 identity provider for tests: signs real assertions with xml-crypto. */
export class SamlIdp {
  readonly entityId = 'urn:test:saml-idp';
  private server?: http.Server;
  url = '';

  private constructor(private readonly pair: { key: string; cert: string }) {}

  static async create() {
    return new SamlIdp(await makeKeyPair());
  }

  get cert() {
    return this.pair.cert;
  }

  /** A base64 SAMLResponse as the HTTP-POST binding carries it. */
  issue(o: IssueOptions): string {
    const now = new Date();
    const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
    const until = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
    const assertionId = o.assertionId ?? `_a${crypto.randomUUID().replace(/-/g, '')}`;
    const attrs = o.email
      ? `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${esc(o.email)}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
      : '';
    const assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
      `<saml:Issuer>${this.entityId}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(o.nameId)}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(o.inResponseTo)}" NotOnOrAfter="${iso(until)}" Recipient="${esc(o.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${iso(new Date(now.getTime() - 30_000))}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      attrs +
      `</saml:Assertion>`;
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${crypto.randomUUID().replace(/-/g, '')}" Version="2.0" IssueInstant="${iso(now)}" Destination="${esc(o.acsUrl)}" InResponseTo="${esc(o.inResponseTo)}">` +
      `<saml:Issuer>${this.entityId}</saml:Issuer>` +
      `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
      assertion +
      `</samlp:Response>`;
    const signer =
      o.signWith === 'none' ? undefined : o.signWith === undefined || o.signWith === 'idp' ? this.pair : o.signWith;
    const xml = signer ? signAssertion(response, signer) : response;
    return Buffer.from(xml).toString('base64');
  }

  /** Serves a sign-in page for the HTTP-Redirect binding and posts the signed response back to the ACS. */
  async listen(): Promise<string> {
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', r));
    return `${this.url}/sso`;
  }

  close() {
    return new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const page = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Test IdP</title></head><body>${body}</body></html>`);
    };
    if (req.method === 'GET' && url.pathname === '/sso') {
      const request = parseAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
      return page(
        `<h1>Test SAML IdP</h1><form method="post" action="/sso/login">` +
          `<input type="hidden" name="id" value="${esc(request.id)}"><input type="hidden" name="acs" value="${esc(request.acs)}">` +
          `<input type="hidden" name="audience" value="${esc(request.issuer)}"><input type="hidden" name="relay" value="${esc(url.searchParams.get('RelayState') ?? '')}">` +
          `<label>Username <input name="username"></label><button type="submit">Sign in</button></form>`,
      );
    }
    if (req.method === 'POST' && url.pathname === '/sso/login') {
      let raw = '';
      for await (const c of req) raw += c;
      const f = new URLSearchParams(raw);
      const user = f.get('username') ?? '';
      const saml = this.issue({
        inResponseTo: f.get('id')!,
        acsUrl: f.get('acs')!,
        audience: f.get('audience')!,
        nameId: user,
        email: user.includes('@') ? user : undefined,
      });
      return page(
        `<form method="post" action="${esc(f.get('acs')!)}"><input type="hidden" name="SAMLResponse" value="${saml}">` +
          `<input type="hidden" name="RelayState" value="${esc(f.get('relay') ?? '')}"><button type="submit">Continue</button></form>` +
          `<script>document.forms[0].submit()</script>`,
      );
    }
    res.writeHead(404).end();
  }
}

export function signAssertion(xml: string, pair: { key: string; cert: string }): string {
  const sig = new SignedXml({
    privateKey: pair.key,
    publicCert: pair.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

/** ID, ACS URL and SP issuer of an AuthnRequest sent with the HTTP-Redirect binding (deflated, base64). */
export function parseAuthnRequest(samlRequest: string): { id: string; acs: string; issuer: string } {
  const xml = zlib.inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const pick = (re: RegExp) => re.exec(xml)?.[1] ?? '';
  return {
    id: pick(/\sID="([^"]+)"/),
    acs: pick(/AssertionConsumerServiceURL="([^"]+)"/),
    issuer: pick(/<(?:saml2?:)?Issuer[^>]*>([^<]+)</),
  };
}
