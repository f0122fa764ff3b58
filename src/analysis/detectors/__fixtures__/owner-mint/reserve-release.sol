// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Tokens parked on an account no one holds a key to (this contract, a literal address)
/// that only the owner can hand out: the owner decides when new supply reaches the market.
/// Look-alikes: the owner paying from its own balance, and a public sale out of the reserve.
contract ReserveRelease {
    mapping(address => uint256) public balanceOf;
    uint256 public totalSupply = 1e24;
    address public owner;
    address private constant LOCKED = address(0x01);

    modifier onlyOwner() {
        require(msg.sender == owner, "owner");
        _;
    }

    constructor() {
        owner = msg.sender;
        balanceOf[address(this)] = totalSupply / 2;
        balanceOf[LOCKED] = totalSupply / 4;
        balanceOf[msg.sender] = totalSupply / 4;
    }

    function _transfer(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value, "balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function grant(address to, uint256 value) external onlyOwner { // @expect owner-mint:reserve
        _transfer(address(this), to, value);
    }

    function unlock(uint256 value) external onlyOwner { // @expect owner-mint:reserve
        balanceOf[LOCKED] -= value;
        balanceOf[owner] += value;
    }

    function distribute(address to, uint256 value) external onlyOwner {
        _transfer(msg.sender, to, value);
    }

    function buy() external payable {
        _transfer(address(this), msg.sender, msg.value * 100);
    }
}
