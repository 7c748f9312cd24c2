// The json target's first check: RedoJSON's two RFC 8785 paths, the tree path
// (CanonicalJSON.bytes(of: JSONReader.parse(x))) and the tape path
// (CanonicalJSON.canonicalize(x)), agree on every input.
import RedoJSON

/// Both paths agree on `input` under `limits`: both reject with equal errors (kind, message,
/// offset, line, column), or both accept with the same bytes. Returns the value and the
/// canonical bytes when they accept.
@discardableResult
public func canonicalPathsAgree(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> (JSONValue, [UInt8])? {
    let tree = treeCanonical(input, limits)
    let tape = tapeCanonical(input, limits)
    let bytes = Array(input)
    switch (tree, tape) {
    case let (.failure(a), .failure(b)):
        invariant(
            a == b, "tree and tape reject differently: tree \(describe(a)) / tape \(describe(b)) for \(show(bytes))")
        return nil
    case let (.failure(a), .success(out)):
        invariant(false, "tree rejects (\(describe(a))) but tape accepts (\(show(out))) for \(show(bytes))")
        return nil
    case let (.success((_, out)), .failure(b)):
        invariant(false, "tape rejects (\(describe(b))) but tree accepts (\(show(out))) for \(show(bytes))")
        return nil
    case let (.success((value, a)), .success(b)):
        invariant(a == b, "tree and tape bytes differ: tree \(show(a)) / tape \(show(b)) for \(show(bytes))")
        return (value, a)
    }
}

/// An error as a message shows it: its kind, then its description.
func describe(_ error: JSONSyntaxError) -> String { "\(error.kind.rawValue) \(error)" }

private func treeCanonical(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> Result<
    (JSONValue, [UInt8]), JSONSyntaxError
> {
    do {
        let value = try JSONReader.parse(input, limits: limits)
        return .success((value, CanonicalJSON.bytes(of: value)))
    } catch {
        return .failure(error)
    }
}

private func tapeCanonical(_ input: UnsafeBufferPointer<UInt8>, _ limits: JSONLimits) -> Result<
    [UInt8], JSONSyntaxError
> {
    do { return .success(try CanonicalJSON.canonicalize(input, limits: limits)) } catch { return .failure(error) }
}
