// SPDX-License-Identifier: MIT
// @labelled-for: smart-audit
pragma solidity 0.8.21;

// Function names that promise scary capabilities, none of which a privileged account
// can use against holders. Nothing here may be flagged for the smart audit.
contract LookAlike {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public blacklisted;     // read by vote(), never by transfers
    mapping(address => bool) public whitelistedForSale;
    uint256 public totalSupply;
    uint256 public fee;                              // only used by the paid mint
    uint256 public maxTxAmount;                      // never enforced on transfers
    uint256 public cooldown;                         // only used by claim()
    bool public paused;                              // only stops minting
    address public immutable owner;
    mapping(address => uint256) public lastClaim;

    error NotOwner();
    error Paused();

    constructor() { owner = msg.sender; }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        balanceOf[msg.sender] -= amount;
        balanceOf[to] += amount;
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        allowance[from][msg.sender] -= amount;
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        return true;
    }

    // Anyone can mint by paying; owner can only stop the sale.
    function mint(uint256 amount) external payable {
        if (paused) revert Paused();
        require(msg.value >= amount * fee / 10000, "insufficient payment");
        balanceOf[msg.sender] += amount;
        totalSupply += amount;
    }

    // Burns only the caller's own tokens.
    function burn(uint256 amount) external {
        balanceOf[msg.sender] -= amount;
        totalSupply -= amount;
    }

    function pause(bool on) external onlyOwner { paused = on; }
    function setFee(uint256 f) external onlyOwner { fee = f; }
    function setMaxTxAmount(uint256 m) external onlyOwner { maxTxAmount = m; }
    function setCooldown(uint256 c) external onlyOwner { cooldown = c; }
    function blacklist(address a) external onlyOwner { blacklisted[a] = true; }
    function whitelist(address a) external onlyOwner { whitelistedForSale[a] = true; }

    function vote() external view returns (bool) {
        require(!blacklisted[msg.sender], "blacklisted from voting");
        return whitelistedForSale[msg.sender];
    }

    function claim() external {
        require(block.timestamp >= lastClaim[msg.sender] + cooldown, "claim cooldown");
        lastClaim[msg.sender] = block.timestamp;
        payable(msg.sender).transfer(1 wei);
    }
}
