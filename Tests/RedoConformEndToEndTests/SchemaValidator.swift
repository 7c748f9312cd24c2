import Foundation
import XCTest

/// Validates JSON documents against docs/schemas/NAME.schema.json with an independent
/// validator: Python's jsonschema, through Scripts/validate-json-schema.py. Every document
/// in `valid` must pass and every one in `invalid` must fail, so no schema passes by
/// accepting anything. The README's test command (Scripts/test.sh) installs jsonschema and
/// names its Python in REDO_SCHEMA_PYTHON; without it the check fails, saying how to get it.
enum SchemaValidator {
    static func check(
        _ schema: String, _ valid: [String], invalid: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let root = BinaryEndToEndTests.repositoryRoot
        let python = ProcessInfo.processInfo.environment["REDO_SCHEMA_PYTHON"] ?? "python3"
        let env = URL(fileURLWithPath: "/usr/bin/env")
        let probe = try? ChildProcess.run(env, [python, "-c", "import jsonschema"])
        guard probe?.status == 0 else {
            XCTFail(
                "\(python) cannot import jsonschema: run the tests with `bash Scripts/test.sh`, which installs it",
                file: file, line: line)
            return
        }
        let output = try ChildProcess.run(
            env,
            [
                python, root.appendingPathComponent("Scripts/validate-json-schema.py").path,
                root.appendingPathComponent("docs/schemas/\(schema).schema.json").path,
            ] + valid + ["--invalid"] + invalid)
        XCTAssertEqual(
            output.status, 0, String(decoding: output.stdout + output.stderr, as: UTF8.self), file: file, line: line)
    }
}
