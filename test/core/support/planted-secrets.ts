/**
 * Credentials to plant in requests and look for in every written file: one per
 * name pattern and one per value shape of the redaction policy.
 */

/** Names the policy must treat as credentials: each pattern, each case and separator. */
export const PLANTED_NAMES: readonly string[] = [
  'key',
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'signature',
  'sig',
  'credential',
  'credentials',
  'auth',
  'session',
  'cookie',
  'jwt',
  'bearer',
  'api-key',
  'api_key',
  'apiKey',
  'APIKey',
  'apikey',
  'client_secret',
  'clientSecret',
  'Client.Secret',
  'subscription-key',
  'Ocp-Apim-Subscription-Key',
  'x-amz-signature',
  'X-Amz-Signature',
  'x-amz-credential',
  'X-Amz-Security-Token',
  'private',
  'private_key',
  'privateKey',
  'access_token',
  'ACCESS_TOKEN',
  'accesstoken',
  'refresh_token',
  'id_token',
  'authToken',
  'Authorization',
  'Proxy-Authorization',
  'Set-Cookie',
  'sessionId',
  'session_token',
  'x-goog-api-key',
  'x-api-key',
  'secret_access_key',
  'aws.secret.key',
]

const HEX64 = '9f3c2a1b4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8'

/** `[kind, value, the part that must never be written]` for each value shape. */
export const PLANTED_SHAPES: ReadonlyArray<readonly [string, string, string]> = [
  ['an sk- key', 'sk-abcdEFGH1234ijklMNOP5678', 'sk-abcdEFGH1234ijklMNOP5678'],
  ['an sk-proj- key', 'sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3', 'sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3'],
  ['an sk-ant- key', 'sk-ant-api03-Qw1Er2Ty3Ui4Op5As6Df7', 'Qw1Er2Ty3Ui4Op5As6Df7'],
  ['an AKIA key id', 'AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['an ASIA key id', 'ASIAY34FZKBOKMUTVV7A', 'ASIAY34FZKBOKMUTVV7A'],
  [
    'a ghp_ token',
    'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
    'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
  ],
  [
    'a github_pat_ token',
    'github_pat_11ABCDEFG0123456789_abcdefghijKLMNOP',
    '11ABCDEFG0123456789_abcdefghijKLMNOP',
  ],
  ['an xoxb- token', 'xoxb-1234567890-0987654321-AbCdEfGhIjKl', '0987654321-AbCdEfGhIjKl'],
  ['an xoxp- token', 'xoxp-2234567890-1987654321-ZyXwVuTsRqPo', '1987654321-ZyXwVuTsRqPo'],
  ['an AIza key', 'AIzaSyD-1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6', 'SyD-1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6'],
  [
    'a JWT',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    'dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  ],
  [
    'an AWS SigV4 authorization',
    `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20240101/us-east-1/bedrock/aws4_request, SignedHeaders=host;x-amz-date, Signature=${HEX64}`,
    HEX64,
  ],
  [
    'an AWS SigV4 signature',
    `X-Amz-Signature=${HEX64.replace('9f', '8e')}`,
    HEX64.replace('9f', '8e'),
  ],
  ['a bearer string', 'Bearer abc123DEF456ghi789JKL', 'abc123DEF456ghi789JKL'],
  ['a basic string', 'Basic YW5hOnMzY3IzdC1wYXNz', 'YW5hOnMzY3IzdC1wYXNz'],
  [
    'a private key block',
    '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
  ],
  ['a password in a URL', 'https://ana:Pa55word-xyz@db.example/x', 'Pa55word-xyz'],
]
