"""The protocol's tables as the Python peer reads PROTOCOL.md: codes and their precedence,
actions and their parent counts, reserved names, field lists, MERGE names and limits.

validate_peer.py takes every one of these from here, and tables.py prints them, so that
Peers/tables-check.mjs can hold them to Vectors/protocol-tables.json. Standard library
only (nothing at all), so that the tables print without the peer's PyPI packages.
"""

# ---------------------------------------------------------------------------------------
# Codes ("Verdicts and codes"), in precedence order: a record's primary code is the lowest
# index it breaks. Each with the level of the rules that give it (NodeRules the node codes,
# LogRules the log codes, and also E_SCHEMA_MISMATCH for a MERGE it cannot apply and
# E_MISSING_DELETED_CHAIN for a chain that is not the ancestors). The peer reports a status
# and a primary code per record, so it holds no warning: every code here rejects.

CODE_TABLE = (
    ("E_SCHEMA_MISMATCH", "node"),
    ("E_ENCODING_VIOLATION", "node"),
    ("E_FORBIDDEN_FIELD", "node"),
    ("E_MISSING_DELETED_CHAIN", "node"),
    ("E_HASH_MISMATCH", "node"),
    ("E_INVALID_SIGNATURE", "node"),
    ("E_PARENT_NOT_FOUND", "log"),
    ("E_LAMPORT_VIOLATION", "log"),
    ("E_DUPLICATE_CREATE", "log"),
    ("E_INVALID_TODO_REF", "log"),
    ("X_ANCESTOR_REJECTED", "log"),
    ("X_AFTER_DELETE", "log"),
)
CODE_SEVERITY = "error"  # what every code in CODE_TABLE does to a record
CODES = tuple(code for code, _ in CODE_TABLE)

# ---------------------------------------------------------------------------------------
# Actions ("Actions and payloads"): the nine, in PROTOCOL.md's table order, with how many
# parents each has (fewest, most).

ACTION_TABLE = (
    ("CREATE", 0, 0),
    ("UPDATE", 1, 1),
    ("CREATE_TODO", 1, 1),
    ("COMPLETE_TODO", 1, 1),
    ("SNOOZE", 1, 1),
    ("ARCHIVE", 1, 1),
    ("UNARCHIVE", 1, 1),
    ("DELETE", 1, 1),
    ("MERGE", 2, 10),
)
ACTIONS = tuple(name for name, _, _ in ACTION_TABLE)

# ---------------------------------------------------------------------------------------
# Names and fields

# Never a payload key, nor a key anywhere inside `extensions`.
RESERVED_ENVELOPE = (
    "id", "version", "parents", "timestamp", "author", "action", "taskId", "data", "signature",
    "lamport", "wall", "userId", "deviceId", "publicKey", "name", "email", "deviceName",
)
RESERVED_STATE = ("guid", "todoTasks", "created", "archived", "deleted", "archive")
RESERVED = frozenset(RESERVED_ENVELOPE + RESERVED_STATE)

METADATA = ("title", "description", "priority", "storyPoints", "frequencyDays", "privacy")
TASK_FIELDS = METADATA + ("archived",)
NUMERIC_FIELDS = frozenset(("priority", "storyPoints", "frequencyDays"))
TODO_FIELDS = ("deadline", "notes", "completed")

# ---------------------------------------------------------------------------------------
# MERGE

STRATEGY_NAMES = ("ours", "theirs", "union", "lww", "manual", "max", "min")
TIEBREAKER_NAMES = ("lamport", "wall", "author")
ARRAY_STRATEGY_NAMES = ("union", "lww")
STRATEGIES = frozenset(STRATEGY_NAMES)
TIEBREAKERS = frozenset(TIEBREAKER_NAMES)
ARRAY_STRATEGIES = frozenset(ARRAY_STRATEGY_NAMES)
DEFAULT_POLICY = ("lww", ("lamport", "wall", "author"))  # defaultStrategy, lwwTiebreakers

# ---------------------------------------------------------------------------------------
# Limits

MAX_RECORD_BYTES = 16 << 20  # redo-conform's default record (line) limit
MAX_PAYLOAD_BYTES = 1_048_576  # the canonical payload's limit
