/// Who uses each member of the project's types, the reverse of the front end's calls
/// (member → its uses): built once per project, and walked from the members that do
/// something to every member that reaches them. Every member that touches the world does it
/// in its own body or uses one that does, through any number of members; a member writes a
/// log in its body or hands the work to one of its own type that does (`Log.debug(_:)` →
/// `Log.log(_:level:)`): a member of another type that logs on the way does not, that log is
/// its debugging output, not its purpose.
struct MemberUsers {
    /// The users of each base (`Type.name`), in key order, with the labels of their use.
    private var users: [String: [(member: String, labels: [String]?)]] = [:]

    /// The users of `calls` (member → its uses, ``MemberEffects/use(_:labels:)``).
    init(_ calls: [String: Set<String>]) {
        for (member, uses) in calls.sorted(by: { $0.key < $1.key }) {
            for use in uses.sorted() {
                let (base, labels) = MemberEffects.parse(use: use)
                users[base, default: []].append((member, labels))
            }
        }
    }

    /// `direct` (by ``MemberKey/text``, with what each does) and every member that uses one of
    /// them, through any number of members; with `sameTypeOnly` (logs), only through uses of a
    /// member of the user's own type. Each takes the effect of the first member found to reach it, in
    /// key order: the same on every run. A use is judged only when the walk reaches it, not
    /// for every call of the project.
    func closure(of direct: [String: String], sameTypeOnly: Bool) -> [String: String] {
        var reached = direct
        var work = direct.keys.sorted(by: >)
        while let text = work.popLast() {
            let key = MemberKey(text)
            guard let effect = reached[text], let reaching = users[key.base] else { continue }
            let type = sameTypeOnly ? key.type : ""
            for user in reaching where reached[user.member] == nil && key.accepts(labels: user.labels) {
                if sameTypeOnly, MemberKey(user.member).type != type { continue }
                reached[user.member] = effect
                work.append(user.member)
            }
        }
        return reached
    }
}
