/// What the members of the app's own types do to the world, for `reducer-side-effect`: a
/// reducer that writes `UserDefaultsManager.nickname` or calls `Storage.load()` runs whatever
/// that member runs (``ProjectContext/effectfulMembers``). Members are keyed by ``MemberKey``,
/// with the type's qualified name (`Feature.State.reset()`): same-named nested types of two
/// features never share what their members do, nor two overloads of one method.
///
/// The front end reports, for each member body of a type the project declares, the calls it
/// makes (``callEffect(callee:argumentLabels:isStatement:)`` says which of them touch the
/// world) and the members it calls; ``MemberUsers`` follows those calls through the project.
/// Logging is left out: a model type that prints while it works is debugging output, not
/// what the reducer asks of it (a miss is preferred to a false alarm).
public enum MemberEffects {
    /// The member a call in a member body hands its work to, as a use: its base `Type.member`
    /// (`save(…)` or `self.save(…)` of its own type, `Storage.save(…)`, `Storage.shared.save(…)`,
    /// `Draft(…)` for `Draft.init`) and the call's argument labels when it calls that member
    /// (`nil` when it calls something the member, a property, holds).
    public static func calledMember(callee parts: [String], labels: [String], ownType: String) -> (base: String, labels: [String]?)? {
        guard let last = parts.last, !last.utf8.contains(UInt8(ascii: "(")) else { return nil }
        if parts.count == 1 {
            if last.first?.isLowercase == true { return ("\(ownType).\(last)", labels) }
            return ("\(last).init", labels)
        }
        if parts.count == 2, parts[0] == "self" || parts[0] == "Self" { return ("\(ownType).\(last)", labels) }
        guard let used = typeAndMember(of: parts) else { return nil }
        return ("\(used.type).\(used.member)", used.member == last || last == "init" ? labels : nil)
    }

    /// The project type (as written) and member a type-rooted path names: `UserDefaultsManager.nickname`,
    /// `Outer.Storage.save`, `Storage.shared.save` (a member reached through the shared instance).
    public static func typeAndMember(of parts: [String]) -> (type: String, member: String)? {
        var typeIndex = -1
        while typeIndex + 1 < parts.count, CodeSite.isTypeRooted(parts, upTo: typeIndex + 2) { typeIndex += 1 }
        guard typeIndex >= 0 else { return nil }
        var memberIndex = typeIndex + 1
        if memberIndex + 1 < parts.count, ReducerSideEffectRule.singletonMembers.contains(parts[memberIndex]) { memberIndex += 1 }
        guard memberIndex < parts.count else { return nil }
        let member = parts[memberIndex].hasSuffix("()") ? String(parts[memberIndex].dropLast(2)) : parts[memberIndex]
        guard member.first.map({ $0.isLetter || $0 == "_" }) == true else { return nil }
        return (parts[...typeIndex].joined(separator: "."), member)
    }

    /// What a call inside a member body does to the world, as the message names it
    /// (`UserDefaults.standard.set(…)`), or `nil` when it does nothing the reducer rules count.
    /// `parts` are the callee's path components (`["UserDefaults", "standard", "set"]`).
    public static func callEffect(callee parts: [String], argumentLabels: [String], isStatement: Bool) -> String? {
        guard let root = parts.first, let last = parts.last else { return nil }
        // Most calls touch nothing: the message is built only for one that does.
        func shown() -> String {
            parts.map { $0.hasSuffix("()") ? $0.dropLast(2) + "(…)" : Substring($0) }.joined(separator: ".")
                + (argumentLabels.isEmpty ? "()" : "(…)")
        }
        if ReducerSideEffectRule.systemTypes.contains(root), ReducerSideEffectRule.usesSystemAPI(parts, kind: .call) { return shown() }
        if root == "Task", ReducerSideEffectRule.taskCalls.contains(parts.joined(separator: ".")) { return parts.joined(separator: ".") + " { }" }
        if parts.count == 1 {
            if ReducerSideEffectRule.contentReaders.contains(root), argumentLabels.first == "contentsOf" { return shown() }
            if argumentLabels.isEmpty, ReducerSideEffectRule.nondeterministicInitializers[root] != nil { return shown() }
            return nil
        }
        if root == "Date", parts[1] == "now" { return "Date.now" }
        if ReducerSideEffectRule.randomAPIs.contains(last), !argumentLabels.contains("using") { return shown() }
        if root == "NotificationCenter", last.hasPrefix("post") { return shown() }
        // `queue.sync { }` in a member is a lock around its own work, not work sent elsewhere.
        if root == "DispatchQueue", ReducerSideEffectRule.dispatchMethods.contains(last), last != "sync" { return shown() }
        if isStatement, let index = parts.dropLast().firstIndex(where: ReducerSideEffectRule.singletonMembers.contains),
            CodeSite.isTypeRooted(parts, upTo: index)
        {
            return shown()
        }
        return nil
    }

    /// The methods of Apple's `Logger` (and the levels loggers name theirs after).
    public static let loggerLevels: Set<String> = ["log", "trace", "debug", "info", "notice", "warning", "error", "critical", "fault"]

    /// The log a call inside a member body writes, as the message names it (`print(…)`,
    /// `category.osLogger.log(…)`), or `nil`: a logging function (`print`, `os_log`), or a
    /// logger's method called as a statement on a value that is a logger by its type's or its
    /// own name (`logger.debug(…)`, `getLogger(for: category).log(…)`). Kept apart from
    /// ``callEffect(callee:argumentLabels:isStatement:)``: a model that logs while it works
    /// does nothing the reducer asks of it, a logger's own member does
    /// (``MemberUsers/closure(of:sameTypeOnly:)``).
    public static func logEffect(callee parts: [String], isStatement: Bool) -> String? {
        guard let root = parts.first else { return nil }
        // Most calls write no log: the message is built only for one that does.
        func shown() -> String {
            parts.map { $0.hasSuffix("()") ? $0.dropLast(2) + "(…)" : Substring($0) }.joined(separator: ".") + "(…)"
        }
        if parts.count == 1 { return ReducerSideEffectRule.loggingCalls.contains(root) ? shown() : nil }
        return isStatement && isLoggerCall(parts) ? shown() : nil
    }

    /// Whether a call (its callee's `parts`) is a logger's: a method that names a level or
    /// logging (`warning`, `log`, `logError`; not `logout`) on a value that is a logger by its
    /// type's or its own name (`logger.debug(…)`, `sharedLogger.log(…)`,
    /// `getLogger(for: category).log(…)`).
    public static func isLoggerCall(_ parts: [String]) -> Bool {
        guard parts.count > 1, let root = parts.first, let last = parts.last else { return false }
        let namesLogging = loggerLevels.contains(last)
            || (last.hasPrefix("log") && last.dropFirst(3).first.map { $0.isUppercase } == true)
        guard namesLogging else { return false }
        return ReducerSideEffectRule.loggers.contains(root) || ReducerSideEffectRule.loggerTypes.contains(root)
            || parts.dropLast().contains { $0.range(of: "logger", options: .caseInsensitive) != nil }
    }

    /// Property wrappers of the system that persist what they hold (`@AppStorage` in the
    /// defaults, `@SceneStorage` in the scene's saved state).
    public static let persistingWrappers: [String: String] = ["AppStorage": "@AppStorage", "SceneStorage": "@SceneStorage"]

    /// The base and labels of a use as ``use(_:labels:)`` spells it.
    static func parse(use: String) -> (base: String, labels: [String]?) {
        guard let open = use.firstIndex(of: "["), use.hasSuffix("]") else { return (use, nil) }
        let labels = use[use.index(after: open)..<use.index(before: use.endIndex)].split(separator: ":").map(String.init)
        return (String(use[..<open]), labels)
    }

    /// A use as text: its base, with the call's labels in brackets (`Storage.save[_:to:]`).
    public static func use(_ base: String, labels: [String]?) -> String {
        guard let labels else { return base }
        return base + "[" + labels.map { $0 + ":" }.joined() + "]"
    }
}
