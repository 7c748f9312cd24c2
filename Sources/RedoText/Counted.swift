/// "1 record", "2 records": counts in human-readable reports read as English. Machine
/// readers take `--format json`, whose numbers carry no words. Every noun counted here
/// takes a plain "s".
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
