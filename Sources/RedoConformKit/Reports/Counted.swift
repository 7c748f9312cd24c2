/// "1 record", "2 records": counts in human-readable reports read as English. Machine
/// readers take `--format json`, whose numbers carry no words.
func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
