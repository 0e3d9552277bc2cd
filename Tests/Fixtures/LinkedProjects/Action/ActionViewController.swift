import Core
import UIKit

final class ActionViewController: UIViewController {}
