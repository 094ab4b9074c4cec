extension FeatureModel {
    /// The feature's Action enums with the enums nested in them that their cases carry
    /// (`Action.View` for `case view(View)`, `Action.Internal`): the cases an Action rule
    /// reads. A `Delegate` enum is left out: it tells the parent what happened, it is no
    /// input of this feature.
    public var actionEnumsWithNested: [TypeDecl] {
        var found = actions
        var index = 0
        while index < found.count {
            let action = found[index]
            let carried = Set(action.cases.flatMap { $0.associatedValues.map { TypeName.base($0.type) } })
            for type in types where type.kind == .enum && type.name != "Delegate"
                && !found.contains(where: { $0.qualifiedName == type.qualifiedName })
                && type.qualifiedName.hasPrefix(action.qualifiedName + ".") && carried.contains(where: {
                    $0 == type.name || type.qualifiedName.hasSuffix("." + $0)
                })
            {
                found.append(type)
            }
            index += 1
        }
        return found
    }
}
