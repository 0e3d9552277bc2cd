import Core
/* A nested block comment:
   /* import Storage */
import Storage
*/
/// import Storage
/** import Networking */
