import Glibc
import FoodLogCLI
exit(FoodLogCLI.main(Array(CommandLine.arguments.dropFirst())))
