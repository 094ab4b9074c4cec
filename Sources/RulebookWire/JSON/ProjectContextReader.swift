import RulebookCore

/// Reads a spec's ``ProjectContext`` straight from the text, as its `Decodable` init reads it:
/// every member optional (absent or `null` is empty), unknown members ignored. It travels with
/// every spec and grows with the project model, so `JSONDecoder` there cost more than the rest
/// of the message. `ProjectContextReaderTests` compares it with `JSONDecoder`.
enum ProjectContextReader {
    static func context(_ scanner: inout JSONScanner) throws(ScannerDeclined) -> ProjectContext {
        var context = ProjectContext()
        try scanner.object(ProjectContextField.self, unknown: .ignored) { scanner, field throws(ScannerDeclined) in
            guard try !scanner.null() else { return }
            switch field {
            case .hasReducers: context.hasReducers = try scanner.bool()
            case .featureTypes: context.featureTypes = try scanner.strings()
            case .derivedEnvironments: context.derivedEnvironments = try scanner.strings()
            case .directlyBuiltEnvironments: context.directlyBuiltEnvironments = try scanner.strings()
            case .staticMembers: context.staticMembers = try scanner.map { scanner throws(ScannerDeclined) in try scanner.strings() }
            case .conformances: context.conformances = try scanner.map { scanner throws(ScannerDeclined) in try scanner.strings() }
            case .protocols: context.protocols = try scanner.map { scanner throws(ScannerDeclined) in try scanner.strings() }
            case .failableTypes: context.failableTypes = try scanner.strings()
            case .minimumIOSVersion: context.minimumIOSVersion = try scanner.string()
            case .infallibleTypes: context.infallibleTypes = try scanner.strings()
            case .stateComputedProperties:
                context.stateComputedProperties = try scanner.map { scanner throws(ScannerDeclined) in try scanner.strings() }
            case .reducerTypes: context.reducerTypes = try scanner.strings()
            case .typeLayers: context.typeLayers = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .appModules: context.appModules = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .fileLayers: context.fileLayers = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .caseEnums: context.caseEnums = try scanner.strings()
            case .animatedStoreValues: context.animatedStoreValues = try scanner.strings()
            case .enumCaseNames: context.enumCaseNames = try scanner.strings()
            case .globalValueTypes: context.globalValueTypes = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .dependencyTypes: context.dependencyTypes = try scanner.strings()
            case .effectfulMembers: context.effectfulMembers = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .loggingMembers: context.loggingMembers = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            case .appViewModifiers: context.appViewModifiers = try scanner.strings()
            case .referenceTypes: context.referenceTypes = try scanner.strings()
            case .dependencyValues: context.dependencyValues = try scanner.map { scanner throws(ScannerDeclined) in try scanner.string() }
            }
        }
        return context
    }
}

/// The members of a ``ProjectContext``, as its `CodingKeys` name them (`ProjectContextReaderTests`
/// checks that the two lists agree).
enum ProjectContextField: String, JSONFields {
    case hasReducers, featureTypes, derivedEnvironments, directlyBuiltEnvironments, staticMembers, conformances, protocols
    case failableTypes, minimumIOSVersion, infallibleTypes, stateComputedProperties
    case reducerTypes, typeLayers, appModules, caseEnums, animatedStoreValues, enumCaseNames, globalValueTypes
    case dependencyTypes, effectfulMembers, appViewModifiers, fileLayers, loggingMembers, referenceTypes, dependencyValues
    static let table = JSONFieldTable<Self>()
}
