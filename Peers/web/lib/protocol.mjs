// The protocol's tables as the web peer reads PROTOCOL.md: codes and their precedence,
// actions and their parent counts, reserved names, field lists, MERGE names and limits.
// Every check in this folder takes them from here, and ../tables.mjs prints them, so that
// Peers/tables-check.mjs can hold them to Vectors/protocol-tables.json.

// ---------------------------------------------------------------------------------------
// Codes ("Verdicts and codes")

/**
 * The codes the peer gives, in precedence order (the first that applies is the primary
 * code), each with the level of the rules that give it: node-rules.mjs gives the node
 * codes, log-rules.mjs the log codes (and E_SCHEMA_MISMATCH for a MERGE it cannot apply,
 * E_MISSING_DELETED_CHAIN for a chain that is not the ancestors). The peer reports a status
 * and a primary code per record, so it holds no warning: every code here rejects.
 */
export const CODE_TABLE = [
  ['E_SCHEMA_MISMATCH', 'node'],
  ['E_ENCODING_VIOLATION', 'node'],
  ['E_FORBIDDEN_FIELD', 'node'],
  ['E_MISSING_DELETED_CHAIN', 'node'],
  ['E_HASH_MISMATCH', 'node'],
  ['E_INVALID_SIGNATURE', 'node'],
  ['E_PARENT_NOT_FOUND', 'log'],
  ['E_LAMPORT_VIOLATION', 'log'],
  ['E_DUPLICATE_CREATE', 'log'],
  ['E_INVALID_TODO_REF', 'log'],
  ['X_ANCESTOR_REJECTED', 'log'],
  ['X_AFTER_DELETE', 'log'],
];
/** What every code in CODE_TABLE does to a record. */
export const CODE_SEVERITY = 'error';

/** Code names by number: a lower number wins. 0 is unused; NONE (no finding) sorts after all. */
export const CODES = [null, ...CODE_TABLE.map(([code]) => code)];
const code = (name) => CODES.indexOf(name);
export const SCHEMA = code('E_SCHEMA_MISMATCH'), ENCODING = code('E_ENCODING_VIOLATION');
export const FORBIDDEN = code('E_FORBIDDEN_FIELD'), MISSING_CHAIN = code('E_MISSING_DELETED_CHAIN');
export const HASH = code('E_HASH_MISMATCH'), SIGNATURE = code('E_INVALID_SIGNATURE');
export const PARENT = code('E_PARENT_NOT_FOUND'), LAMPORT = code('E_LAMPORT_VIOLATION');
export const DUPLICATE_CREATE = code('E_DUPLICATE_CREATE'), TODO_REF = code('E_INVALID_TODO_REF');
export const ANCESTOR = code('X_ANCESTOR_REJECTED'), AFTER_DELETE = code('X_AFTER_DELETE');
export const NONE = 99;

// ---------------------------------------------------------------------------------------
// Actions ("Actions and payloads")

/** The nine actions, in PROTOCOL.md's table order, with how many parents each has. */
export const ACTION_TABLE = [
  { action: 'CREATE', minParents: 0, maxParents: 0 },
  { action: 'UPDATE', minParents: 1, maxParents: 1 },
  { action: 'CREATE_TODO', minParents: 1, maxParents: 1 },
  { action: 'COMPLETE_TODO', minParents: 1, maxParents: 1 },
  { action: 'SNOOZE', minParents: 1, maxParents: 1 },
  { action: 'ARCHIVE', minParents: 1, maxParents: 1 },
  { action: 'UNARCHIVE', minParents: 1, maxParents: 1 },
  { action: 'DELETE', minParents: 1, maxParents: 1 },
  { action: 'MERGE', minParents: 2, maxParents: 10 },
];
/** Action names by number (the checks pass actions around as these numbers). */
export const ACTIONS = ACTION_TABLE.map((a) => a.action);
const action = (name) => ACTIONS.indexOf(name);
export const CREATE = action('CREATE'), UPDATE = action('UPDATE'), DELETE = action('DELETE');
export const COMPLETE_TODO = action('COMPLETE_TODO'), CREATE_TODO = action('CREATE_TODO'), SNOOZE = action('SNOOZE');
export const ARCHIVE = action('ARCHIVE'), UNARCHIVE = action('UNARCHIVE'), MERGE = action('MERGE');

// ---------------------------------------------------------------------------------------
// Names and fields

/** Never a payload key, nor a key anywhere inside `extensions`. */
export const RESERVED_NAMES = {
  envelope: ['id', 'version', 'parents', 'timestamp', 'author', 'action', 'taskId', 'data', 'signature',
    'lamport', 'wall', 'userId', 'deviceId', 'publicKey', 'name', 'email', 'deviceName'],
  state: ['guid', 'todoTasks', 'created', 'archived', 'deleted', 'archive'],
};
export const RESERVED = new Set([...RESERVED_NAMES.envelope, ...RESERVED_NAMES.state]);

/** A task's fields, in the order a MERGE compares them; CREATE and UPDATE set the metadata. */
export const TASK_FIELDS = ['title', 'description', 'priority', 'storyPoints', 'frequencyDays', 'privacy', 'archived'];
export const TASK_METADATA = TASK_FIELDS.slice(0, 6);
export const TODO_FIELDS = ['deadline', 'notes', 'completed'];
/** The fields max and min fit. */
export const NUMERIC_FIELDS = new Set(['priority', 'storyPoints', 'frequencyDays']);

// ---------------------------------------------------------------------------------------
// MERGE

export const STRATEGIES = ['ours', 'theirs', 'union', 'lww', 'manual', 'max', 'min'];
export const TIEBREAKERS = ['lamport', 'wall', 'author'];
export const ARRAY_STRATEGIES = ['union', 'lww'];
/** A policy's defaults. */
export const DEFAULT_STRATEGY = 'lww';
export const DEFAULT_TIEBREAKERS = ['lamport', 'wall', 'author'];

// ---------------------------------------------------------------------------------------
// Limits and numbers

/** redo-conform validate's default record limit (rule record.size), in bytes. */
export const MAX_RECORD_BYTES = 16 << 20;
/** The canonical payload's limit (rule payload.size), in bytes. */
export const MAX_PAYLOAD_BYTES = 1_048_576;
export const MAX_SAFE = Number.MAX_SAFE_INTEGER; // 2^53 - 1
export const MAX_DAYS_TO_EXTEND = 3_652_059;
export const DAY_MS = 86_400_000;
/** The last instant the time format can write, as text and as milliseconds since the epoch. */
export const LATEST_INSTANT = '9999-12-31T23:59:59.999Z';
export const LATEST_MS = 253_402_300_799_999;
