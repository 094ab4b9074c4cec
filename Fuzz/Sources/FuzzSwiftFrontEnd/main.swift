import CLibFuzzer
import Foundation

// libFuzzer's command line (`-max_total_time=300 CORPUS…`, or crash files to replay).
var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzSwiftFrontEnd))
