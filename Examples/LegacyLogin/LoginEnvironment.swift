import ComposableArchitecture
import Foundation

struct LoginEnvironment {
    var loginUseCase: LoginUserUseCaseProtocol
    var mainQueue: AnySchedulerOf<DispatchQueue>

    static var mock: Self {
        Self(loginUseCase: MockLoginUseCase(), mainQueue: .immediate)
    }

    static var live: Self {
        Self(loginUseCase: Resolver.resolve(), mainQueue: .main)
    }
}
