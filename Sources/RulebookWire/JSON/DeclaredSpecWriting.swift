import RulebookCore

/// Declared specs written as JSON by hand (the per-spec events carry them), byte for byte
/// what `JSONEncoder` writes for them with sorted keys (members listed here in that order).
extension DeclaredSpec: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("action", action)
        w.member("dialect", dialect?.rawValue)
        w.member("environment", environment)
        w.member("feature", feature)
        w.member("file", file)
        w.member("files", files)
        w.member("project", encodedByFoundation: project)
        w.member("reducers", reducers)
        w.member("state", state)
        w.member("types", types)
        w.member("views", views)
    }
}

extension DeclaredType: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("accessLevel", accessLevel)
        w.member("attributes", attributes)
        w.member("cases", cases)
        w.member("conformances", conformances)
        w.member("kind", kind?.rawValue)
        w.member("methods", methods)
        w.member("name", name)
        w.member("properties", properties)
        w.member("qualifiedName", qualifiedName)
    }
}

extension DeclaredProperty: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("computed", computed)
        w.member("constant", constant)
        w.member("dependencyKey", dependencyKey)
        w.member("initialValueType", initialValueType)
        w.member("name", name)
        w.member("static", `static`)
        w.member("type", type)
        w.member("usesMainScheduler", usesMainScheduler)
        w.member("wrappers", wrappers)
    }
}

extension DeclaredMethod: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("name", name)
        w.member("static", `static`)
        w.member("takesInout", takesInout)
        w.member("usesMainScheduler", usesMainScheduler)
    }
}

extension DeclaredCase: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("associatedValues", associatedValues)
        w.member("name", name)
    }
}

extension AssociatedValue: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("label", label)
        w.member("type", type)
    }
}

extension DeclaredReducer: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("actionType", actionType)
        w.member("composedReducers", composedReducers)
        w.member("dependencies", dependencies)
        w.member("environmentType", environmentType)
        w.member("owner", owner)
        w.member("setup", setup)
        w.member("sites", sites)
        w.member("switches", switches)
    }
}

extension DeclaredSwitch: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("handledCases", handledCases)
        w.member("hasCatchAll", hasCatchAll)
        w.member("hasDefault", hasDefault)
    }
}

extension DeclaredCodeSite: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("arguments", arguments)
        w.member("insideEffect", insideEffect)
        w.member("kind", kind?.rawValue)
        w.member("parent", parent)
        w.member("path", path)
        w.member("statement", statement)
    }
}

extension DeclaredView: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("animationModifiers", animationModifiers)
        w.member("forwardsStore", forwardsStore)
        w.member("holdsStore", holdsStore)
        w.member("name", name)
        w.member("observesViewStore", observesViewStore)
    }
}

extension DeclaredAnimationModifier: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("argument", argument)
        w.member("modifier", modifier)
        w.member("readsStore", readsStore)
    }
}

extension DeclaredFile: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("glassUses", glassUses)
        w.member("imports", imports)
        w.member("path", path)
        w.member("typeReferences", typeReferences)
        w.member("types", types)
    }
}

extension DeclaredGlassUse: JSONObjectWritable {
    func writeMembers(to w: inout JSONWriter) {
        w.member("api", api)
        w.member("guarded", guarded)
    }
}
