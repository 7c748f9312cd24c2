import Foundation

/// A redo-conform/platform-inputs file, read with `JSONSerialization` (it is redo-conform's
/// own file; the platform's parser reads only the JSON texts inside it) and checked for the
/// shape the kit relies on: an object of format `redo-conform/platform-inputs`, version 1,
/// each section present an array of objects with a string `id`, ids unique.
struct PlatformInputs {
    /// The sections present, in the order the kit answers them.
    let sections: [(section: InputSection, vectors: [InputVector])]
    /// The inputs' `vectorSet` as JSON text, to echo; nil when the inputs have none.
    let vectorSet: String?

    init(data: Data) throws {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw HarnessInputError.notJSON(reason: String(describing: error))
        }
        guard let inputs = json as? [String: Any] else { throw HarnessInputError.notAnObject }
        guard let format = inputs["format"] as? String, format == "redo-conform/platform-inputs" else {
            throw HarnessInputError.wrongFormat(found: Self.shown(inputs["format"]))
        }
        guard let version = inputs["version"] as? NSNumber, JSONText.value(version) == "1" else {
            throw HarnessInputError.wrongVersion(found: Self.shown(inputs["version"]))
        }
        var sections: [(section: InputSection, vectors: [InputVector])] = []
        var ids = Set<String>()
        for section in InputSection.allCases {
            guard let value = inputs[section.rawValue] else { continue }
            guard let entries = value as? [Any] else { throw HarnessInputError.sectionNotAnArray(section) }
            var vectors: [InputVector] = []
            for (index, entry) in entries.enumerated() {
                guard let members = entry as? [String: Any] else {
                    throw HarnessInputError.entryNotAnObject(section, index: index)
                }
                guard let id = members["id"] as? String else {
                    throw HarnessInputError.entryWithoutID(section, index: index)
                }
                guard ids.insert(id).inserted else { throw HarnessInputError.duplicateID(id) }
                vectors.append(InputVector(id: id, members: members))
            }
            sections.append((section, vectors))
        }
        self.sections = sections
        if let vectorSet = inputs["vectorSet"] {
            guard vectorSet is [String: Any], let text = JSONText.value(vectorSet) else {
                throw HarnessInputError.vectorSetNotAnObject
            }
            self.vectorSet = text
        } else {
            self.vectorSet = nil
        }
    }

    /// A member's value in an error message: its JSON, or "absent".
    private static func shown(_ value: Any?) -> String {
        guard let value else { return "absent" }
        return JSONText.value(value) ?? "not JSON"
    }
}

/// One vector of the inputs: its id and its members as `JSONSerialization` read them.
struct InputVector {
    let id: String
    let members: [String: Any]

    /// The string member `name`; a vector without one gets an error result.
    func string(_ name: String) throws -> String {
        guard let value = members[name] as? String else { throw VectorError("the vector has no string \(name)") }
        return value
    }

    /// The string member `name`, or nil when it is null or absent.
    func optionalString(_ name: String) throws -> String? {
        guard let value = members[name], !(value is NSNull) else { return nil }
        guard let text = value as? String else {
            throw VectorError("the vector's \(name) is neither a string nor null")
        }
        return text
    }

    /// The member `name`, an array of strings.
    func strings(_ name: String) throws -> [String] {
        guard let array = members[name] as? [Any] else { throw VectorError("the vector has no array \(name)") }
        return try array.map { item in
            guard let text = item as? String else { throw VectorError("the vector's \(name) holds a non-string") }
            return text
        }
    }
}

/// Why one vector has no answer (its members are not what the kit needs, or the harness
/// returned something the exchange cannot hold): its result is this error, the others go on.
struct VectorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
