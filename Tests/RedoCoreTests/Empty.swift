import XCTest
import RedoCore
