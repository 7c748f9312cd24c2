// Signing, kept: the nodes a program builds and the signatures it forges, each made once per
// process (LogCaches.swift says why).
import RedoCore
import RedoJSON

extension LogCaches {
    /// The node `author` builds from these ingredients (SignedNodeBuilder.body), sealed, and its
    /// record as the client writes it.
    package func node(
        by author: Int, _ action: Action, task: String, parents: [String], lamport: Int, wall: String,
        payload: [JSONMember]
    ) -> (object: JSONObject, record: [UInt8]) {
        let make = {
            let builder = authors[author]
            let body = builder.body(
                action, task: task, parents: parents, lamport: lamport, wall: wall, payload: payload)
            let (id, signature) = NodeBody.seal(body, with: builder.key)
            if self.enabled {
                self.signaturesThatHold.store(
                    (), for: SignedTriple(key: builder.key.publicKey, signature: signature, id: id))
            }
            let object = SignedNodeBuilder.node(body, id: id.text, signature: signature.hex)
            return (object, OrderedJSON.bytes(.object(object)))
        }
        guard enabled else { return make() }
        // The ingredients, unambiguously: the key of the body they make.
        var key = IngredientKey()
        key.append(author)
        key.append(action.rawValue)
        key.append(task)
        key.append(parents.count)
        for parent in parents { key.append(parent) }
        key.append(lamport)
        key.append(wall)
        key.append(.object(JSONObject(payload)))
        return nodes.value(for: HashedBytes(key.bytes), make)
    }

    /// The signature of `node`'s body by `author`'s key.
    package func signature(of node: JSONObject, by author: SignedNodeBuilder) -> String {
        let body = NodeBody.canonicalBytes(of: node)
        guard enabled else { return author.key.sign(body).hex }
        return signatures.value(for: HashedBytes(body)) { author.key.sign(body).hex }
    }
}
