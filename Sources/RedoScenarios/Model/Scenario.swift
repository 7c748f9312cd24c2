import RedoCore

/// What happens to one or more tasks, written by name: authors with their devices, tasks,
/// nodes whose parents, MERGE base and resolutions name other nodes, and what the log's
/// verdicts and reconstructed state must be. `ScenarioBuilder` turns it into signed records.
public struct Scenario: Sendable {
    /// The scenario's name (a file's name without extension, by default).
    public var name: String
    /// What the scenario shows, in one sentence.
    public var comment: String
    /// The wall of a task's n-th node is `start` plus n × `stepMilliseconds`, unless given.
    public var start: String
    /// See `start`.
    public var stepMilliseconds: Int64
    /// The authors; the first one's first device writes a node that names none.
    public var authors: [ScenarioAuthor]
    /// The tasks; a node in a scenario of one task needs not name it.
    public var tasks: [ScenarioTask]
    /// Todo names, each turned into a taskId a payload's `todoTaskId` may name.
    public var todos: [String]
    /// The nodes, parents before children. The log holds them in this order unless `logOrder` is given.
    public var nodes: [ScenarioNode]
    /// The log's order, by node name, when it differs from the declaration order.
    public var logOrder: [String]?
    /// What the reconstructed state must hold.
    public var state: [StateAssertion]
    /// The bug classes its vector is flagged with in the vectors' manifest (`deletion`,
    /// `merge-semantics`), for a scenario that is also a vector.
    public var flags: [String] = []
    /// The vector suite the scenario is the source of (`reconstruction`), when it is one:
    /// `vectors generate` builds that suite's vector from it.
    public var vector: String?
    /// Where the scenario starts.
    public var location: SourceLocation?

    /// The default `start`: 2025-10-26T09:00:00.000Z.
    public static let defaultStart = "2025-10-26T09:00:00.000Z"

    /// A scenario; `start` and the one-second step are the defaults the catalog uses.
    public init(
        name: String, comment: String = "", start: String = Scenario.defaultStart, stepMilliseconds: Int64 = 1000,
        authors: [ScenarioAuthor], tasks: [ScenarioTask], todos: [String] = [], nodes: [ScenarioNode],
        logOrder: [String]? = nil, state: [StateAssertion] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.comment = comment
        self.start = start
        self.stepMilliseconds = stepMilliseconds
        self.authors = authors
        self.tasks = tasks
        self.todos = todos
        self.nodes = nodes
        self.logOrder = logOrder
        self.state = state
        self.location = location
    }
}

/// An author: a name, a key, and the devices it writes from.
public struct ScenarioAuthor: Sendable {
    /// Where the author's key comes from.
    public enum Key: Sendable {
        /// Derived from seed text (`ScenarioKeys.seed(forSeedText:runSeed:)`).
        case seedText(String)
        /// A 32-byte Ed25519 seed (as a key file holds it).
        case seed([UInt8])
    }

    /// The author's name.
    public var name: String
    /// The author's key.
    public var key: Key
    /// The author's devices; at least one.
    public var devices: [ScenarioDevice]
    /// Where the author was written.
    public var location: SourceLocation?

    /// An author named `name` with `key` writing from `devices`.
    public init(name: String, key: Key, devices: [ScenarioDevice], location: SourceLocation? = nil) {
        self.name = name
        self.key = key
        self.devices = devices
        self.location = location
    }
}

/// A device of an author: the node's `author.deviceId` and optional `author.deviceName`.
public struct ScenarioDevice: Sendable {
    /// The device's name in the scenario (nodes name it in `by`).
    public var name: String
    /// `author.deviceId`.
    public var deviceId: String
    /// `author.deviceName`, when given.
    public var deviceName: String?

    /// A device named `name`; its deviceId is the name unless given.
    public init(name: String, deviceId: String? = nil, deviceName: String? = nil) {
        self.name = name
        self.deviceId = deviceId ?? name
        self.deviceName = deviceName
    }
}

/// A task: a name, and a taskId derived from it unless given.
public struct ScenarioTask: Sendable {
    /// The task's name.
    public var name: String
    /// The taskId, when given; else `ScenarioKeys.uuid(forName:runSeed:)`.
    public var taskId: String?
    /// Where the task was written.
    public var location: SourceLocation?

    /// A task named `name`.
    public init(name: String, taskId: String? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.taskId = taskId
        self.location = location
    }
}

/// One node, by name. Its lamport is computed from its parents and its wall from the
/// scenario's clock unless given; `payload` strings under `base`, `chosenParent`,
/// `deletedChain` and `todoTaskId` name nodes and todos (see docs/scenarios.md).
public struct ScenarioNode: Sendable {
    /// The node's name, unique in the scenario.
    public var name: String
    /// The action, as PROTOCOL.md spells it (`CREATE`, `UPDATE`, `MERGE`…).
    public var action: String
    /// The task's name; may be left out when the scenario has one task.
    public var task: String?
    /// The device's name, or an author's name for its first device; the first author's first device when nil.
    public var by: String?
    /// The parents' names.
    public var parents: [String]
    /// The payload, as PROTOCOL.md gives it for the action.
    public var payload: [ScenarioMember]
    /// The wall, when given (an RFC 3339 UTC instant with milliseconds).
    public var wall: String?
    /// Whether a parent may belong to another task (a cross-task parent, on purpose).
    public var crossTask: Bool
    /// A fault put on the node on purpose.
    public var fault: ScenarioFault?
    /// The verdict its record must get; a faulty node without one is held to its fault's verdict.
    public var expect: NodeExpectation?
    /// Where the node was written.
    public var location: SourceLocation?

    /// A node named `name`.
    public init(
        name: String, action: String, task: String? = nil, by: String? = nil, parents: [String] = [],
        payload: [ScenarioMember] = [], wall: String? = nil, crossTask: Bool = false, fault: ScenarioFault? = nil,
        expect: NodeExpectation? = nil, location: SourceLocation? = nil
    ) {
        self.name = name
        self.action = action
        self.task = task
        self.by = by
        self.parents = parents
        self.payload = payload
        self.wall = wall
        self.crossTask = crossTask
        self.fault = fault
        self.expect = expect
        self.location = location
    }
}
