import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/*
 * A passkey authenticator in software, for unit tests: it answers the options the server makes as a
 * browser with a platform authenticator would (ES256, no attestation, user present and verified), and
 * lets a test change what a browser would report (origin, challenge, counter).
 */

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");

export interface SoftPasskey {
  id: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  const key = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? "", "base64url"))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? "", "base64url"))],
  ]);
  return isoCBOR.encode(key);
}

function authenticatorData(rpID: string, counter: number, attested?: Uint8Array): Buffer {
  const flags = 0x01 | 0x04 | (attested ? 0x40 : 0); // user present, user verified, attested data
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpID), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: string, challenge: string, origin: string): string {
  return JSON.stringify({ type, challenge, origin, crossOrigin: false });
}

/** Creates a passkey for `options` as a browser at `origin` would, returning the answer and the key. */
export function register(
  options: PublicKeyCredentialCreationOptionsJSON,
  origin: string,
): { answer: RegistrationResponseJSON; passkey: SoftPasskey } {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const id = randomBytes(16);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16), length, id, coseKey(publicKey)]);
  const authData = authenticatorData(options.rp.id ?? "", 0, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ["fmt", "none"],
      ["attStmt", new Map<string, string>()],
      ["authData", new Uint8Array(authData)],
    ]),
  );
  const answer: RegistrationResponseJSON = {
    id: b64url(id),
    rawId: b64url(id),
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
  };
  return { answer, passkey: { id: b64url(id), userHandle: options.user.id, privateKey, counter: 0 } };
}

/** Signs in with `passkey` for `options` as a browser at `origin` would; the counter moves by `step`. */
export function authenticate(
  passkey: SoftPasskey,
  options: PublicKeyCredentialRequestOptionsJSON,
  origin: string,
  step = 1,
): AuthenticationResponseJSON {
  passkey.counter += step;
  const authData = authenticatorData(options.rpId ?? "", passkey.counter);
  const client = clientData("webauthn.get", options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(client)]), passkey.privateKey);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}
