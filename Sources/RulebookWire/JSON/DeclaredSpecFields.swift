/// The members of each declared-spec object (``DeclaredSpecDecoder`` rejects any other
/// non-null key), as ``DeclaredSpecReader`` reads them.
extension DeclaredSpecReader {
    enum SpecField: String, JSONFields {
        case feature, dialect, file, state, action, environment, types, reducers, views, files, project
        static let table = JSONFieldTable<Self>()
    }

    enum TypeField: String, JSONFields {
        case name, qualifiedName, kind, conformances, attributes, accessLevel, properties, methods, cases
        static let table = JSONFieldTable<Self>()
    }

    enum PropertyField: String, JSONFields {
        case name, type, wrappers, `static`, computed, constant, dependencyKey, usesMainScheduler, initialValueType
        static let table = JSONFieldTable<Self>()
    }

    enum MethodField: String, JSONFields {
        case name, `static`, takesInout, usesMainScheduler
        static let table = JSONFieldTable<Self>()
    }

    enum CaseField: String, JSONFields {
        case name, associatedValues
        static let table = JSONFieldTable<Self>()
    }

    enum AssociatedValueField: String, JSONFields {
        case label, type
        static let table = JSONFieldTable<Self>()
    }

    enum ReducerField: String, JSONFields {
        case owner, switches, sites, dependencies, actionType, environmentType, composedReducers, setup
        static let table = JSONFieldTable<Self>()
    }

    enum SwitchField: String, JSONFields {
        case handledCases, hasDefault, hasCatchAll
        static let table = JSONFieldTable<Self>()
    }

    enum SiteField: String, JSONFields {
        case path, kind, insideEffect, statement, arguments, parent
        static let table = JSONFieldTable<Self>()
    }

    enum ViewField: String, JSONFields {
        case name, holdsStore, observesViewStore, forwardsStore, animationModifiers
        static let table = JSONFieldTable<Self>()
    }

    enum AnimationModifierField: String, JSONFields {
        case modifier, argument, readsStore
        static let table = JSONFieldTable<Self>()
    }

    enum FileField: String, JSONFields {
        case path, imports, types, typeReferences, glassUses
        static let table = JSONFieldTable<Self>()
    }

    enum GlassUseField: String, JSONFields {
        case api, guarded
        static let table = JSONFieldTable<Self>()
    }
}
